import { describe, expect, it } from 'vitest';
import { ApiError } from '@/sync/api/client';
import { authFormErrors, errorDetail, firstFieldError, signupErrorMessage } from '@/sync/api/errors';

const drf = (body: unknown, status = 400) => new ApiError(status, body);

describe('authFormErrors (docs/product.md#messages auth form)', () => {
  it('takes the first message of each field', () => {
    const result = authFormErrors(
      drf({ email: ['Enter a valid email address.', 'Second.'], phone_number: ['Enter a valid phone number.'] }),
    );
    expect(result.fields).toEqual({ email: 'Enter a valid email address.', phone_number: 'Enter a valid phone number.' });
    expect(result.general).toBeUndefined();
    expect(result.password).toBeUndefined();
  });

  it('turns detail into a general alert', () => {
    expect(authFormErrors(drf({ detail: 'Invalid email or password.' }, 401))).toEqual({
      fields: {},
      general: 'Invalid email or password.',
    });
  });

  it('puts non_field_errors under the password', () => {
    expect(authFormErrors(drf({ non_field_errors: ['Unable to log in with provided credentials.'] }))).toEqual({
      fields: {},
      password: 'Unable to log in with provided credentials.',
    });
  });

  it("falls back to the error's own message", () => {
    expect(authFormErrors(new Error('Network down')).general).toBe('Network down');
    expect(authFormErrors(drf('<html>Bad gateway</html>', 502)).general).toBe('The server answered with an error (502).');
  });

  it('falls back to the generic message when there is nothing to show', () => {
    expect(authFormErrors(null).general).toBe('An unknown error occurred.');
    expect(authFormErrors({}).general).toBe('An unknown error occurred.');
  });
});

describe('signupErrorMessage (docs/product.md#messages sign-up)', () => {
  it('capitalises each field, joins its messages and separates fields with " | "', () => {
    const message = signupErrorMessage(
      drf({
        email: ['A user with that email already exists.', 'Use another one.'],
        password2: ['Passwords do not match'],
      }),
    );
    expect(message).toBe('Email: A user with that email already exists. Use another one. | Password2: Passwords do not match');
  });

  it('falls back to the generic sign-up message', () => {
    expect(signupErrorMessage(new Error('x'))).toBe('An unknown error occurred during signup.');
    expect(signupErrorMessage(drf({}))).toBe('An unknown error occurred during signup.');
  });
});

describe('errorDetail and firstFieldError', () => {
  it('uses the server detail, else the fallback', () => {
    expect(errorDetail(drf({ detail: 'Too many attempts.' }, 429), 'Login failed. Please check credentials.')).toBe('Too many attempts.');
    expect(errorDetail(drf({ email: ['x'] }), 'Login failed. Please check credentials.')).toBe('Login failed. Please check credentials.');
    expect(errorDetail(new ApiError(0, null), 'Fallback')).toBe('Fallback');
  });

  it('finds the first field message', () => {
    expect(firstFieldError(drf({ detail: 'x', name: ['This field is required.'] }))).toBe('This field is required.');
    expect(firstFieldError(drf({ detail: 'only' }))).toBeUndefined();
  });
});
