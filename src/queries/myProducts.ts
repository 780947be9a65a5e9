import { intent } from '../sync';

export type { Progress } from '../sync';

/**
 * A supplier's own products: sent to the server at once (with upload progress), kept on the device
 * once it has them. Apart from src/queries/products.ts, which the home screen's entry script carries.
 */
export const createProduct = intent('createProduct');
export const updateProduct = intent('updateProduct');
export const deleteProduct = intent('deleteProduct');
export const fetchProduct = intent('fetchProduct');
