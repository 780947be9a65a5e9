/**
 * How a request or a local write failed, for forms and screens: the API's error and the texts
 * made of it (src/sync/api/errors.ts), a full disk, a guest's action that needs an account.
 */
export { ApiError, LocalWriteError, NotSignedInError } from '../sync';
// The forms' reading of the server's errors: only the lazy screens that have forms load it.
export { authFormErrors, errorDetail, firstFieldError, serverText, signupErrorMessage } from '../sync/api/errors';
