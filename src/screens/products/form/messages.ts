import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import {
  DEAL_END_NOT_FUTURE,
  DEAL_NEEDS_BOTH,
  DEAL_PRICE_NOT_BELOW_MIN,
  EDIT_OWN_PRODUCTS_ONLY,
  GALLERY_FULL,
  MIN_ORDER_ABOVE_STOCK,
  MIN_PRICE_ABOVE_MAX,
  THUMBNAIL_REQUIRED,
} from '../../../shared/catalogue';
import { useMessage } from '../../../components/useMessage';

/**
 * The product rules of src/shared speak English (the server answers with the same texts);
 * the form shows them in the active language. Unknown texts pass through useMessage.
 */
const KNOWN: Record<string, MessageDescriptor> = {
  [MIN_PRICE_ABOVE_MAX]: msg`Minimum price cannot be greater than the maximum price.`,
  // Spec §5 gives this text as it is, lower case included.
  [MIN_ORDER_ABOVE_STOCK]: msg`minimum order quantity cannot be greater than quantity in stock`,
  [THUMBNAIL_REQUIRED]: msg`A thumbnail image is required.`,
  [GALLERY_FULL]: msg`A product can have at most 10 images or videos.`,
  [EDIT_OWN_PRODUCTS_ONLY]: msg`Access Denied: You can only edit your own products.`,
  [DEAL_PRICE_NOT_BELOW_MIN]: msg`The deal price must be lower than the minimum price.`,
  [DEAL_END_NOT_FUTURE]: msg`The deal must end in the future.`,
  [DEAL_NEEDS_BOTH]: msg`A flash deal needs both a deal price and an end time.`,
  'A valid number is required.': msg`A valid number is required.`,
  'A valid integer is required.': msg`A valid integer is required.`,
  'Ensure this value is greater than or equal to 0.': msg`Ensure this value is greater than or equal to 0.`,
  'Ensure this value is greater than or equal to 1.': msg`Ensure this value is greater than or equal to 1.`,
  'Ensure that there are no more than 2 decimal places.': msg`Ensure that there are no more than 2 decimal places.`,
  'Enter a valid date and time.': msg`Enter a valid date and time.`,
};

export function useProductMessage(): (text: string) => string {
  const { i18n } = useLingui();
  const fallback = useMessage();
  return (text) => {
    const known = KNOWN[text];
    return known ? i18n._(known) : fallback(text);
  };
}
