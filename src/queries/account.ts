import { api } from '../sync';

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
  updateSupplierProfile: (form: FormData) => api.updateSupplierProfile(form),
  updateBuyerProfile: (form: FormData) => api.updateBuyerProfile(form),
  requestPasswordReset: (email: string) => api.requestPasswordReset(email),
  confirmPasswordReset: (input: Parameters<typeof api.confirmPasswordReset>[0]) => api.confirmPasswordReset(input),
};
