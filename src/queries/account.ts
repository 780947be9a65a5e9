import { api, request } from '../sync';

/**
 * The form to send: a picture over 1 MB (after shrinking) goes ahead through the resumable
 * uploads and the form names it (src/sync/forms/uploads.ts); other forms go as they are.
 */
export async function largeFilesAhead(form: FormData): Promise<FormData> {
  const large = [...form.values()].some((value) => typeof value !== 'string' && value.size > 1024 * 1024);
  return large ? request('withLargeFilesAhead', form) : form;
}

/**
 * The account's own requests: straight to the server, nothing of them kept on the device but
 * the signed-in user (src/queries/auth.tsx), so they fail offline with the API client's error.
 */
export const account = {
  me: () => api.me(),
  updateMe: (form: FormData) => api.updateMe(form),
  changePassword: (input: Parameters<typeof api.changePassword>[0]) => api.changePassword(input),
  deleteAccount: (password: string) => api.deleteAccount(password),
  supplierProfile: () => api.supplierProfile(),
  buyerProfile: () => api.buyerProfile(),
  updateSupplierProfile: async (form: FormData) => api.updateSupplierProfile(await largeFilesAhead(form)),
  updateBuyerProfile: async (form: FormData) => api.updateBuyerProfile(await largeFilesAhead(form)),
  requestPasswordReset: (email: string) => api.requestPasswordReset(email),
  confirmPasswordReset: (input: Parameters<typeof api.confirmPasswordReset>[0]) => api.confirmPasswordReset(input),
  /** Business verification (docs/product.md#trust-and-safety): the certificate goes up first, the request names it. */
  verificationRequests: () => api.verificationRequests(),
  requestVerification: async (input: { registry: string; registry_number: string; file: File }) => {
    const document = await request('uploadDocument', input.file);
    return api.requestVerification({ registry: input.registry, registry_number: input.registry_number, document });
  },
};
