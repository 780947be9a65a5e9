import { i18n as activeI18n, type I18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { SERVER_MESSAGES, type ServerMessage } from '../shared/messages';

/**
 * The one place that shows the server's messages (src/shared/messages.ts) in the active
 * language: every entry of the table has its translation here (the type insists), and
 * tests/web/server-messages.test.ts checks that fr and tr translate each one. A text the
 * table does not hold is shown as it came.
 */
const TRANSLATIONS: Record<ServerMessage, MessageDescriptor> = {
  REQUIRED: msg`This field is required.`,
  BLANK: msg`This field may not be blank.`,
  INVALID_EMAIL: msg`Enter a valid email address.`,
  INVALID_PHONE: msg`Enter a valid phone number.`,
  INVALID_NUMBER: msg`A valid number is required.`,
  INVALID_INTEGER: msg`A valid integer is required.`,
  AT_LEAST_0: msg`Ensure this value is greater than or equal to 0.`,
  AT_LEAST_1: msg`Ensure this value is greater than or equal to 1.`,
  TWO_DECIMALS_AT_MOST: msg`Ensure that there are no more than 2 decimal places.`,
  INVALID_DATETIME: msg`Enter a valid date and time.`,
  NOT_A_DICTIONARY: msg`Invalid data. Expected a dictionary.`,
  PASSWORD_TOO_SHORT: msg`This password is too short. It must contain at least 8 characters.`,
  PASSWORD_TOO_COMMON: msg`This password is too common.`,
  NAME_ONE_LINE: msg`Enter the name on one line, without control characters.`,
  PASSWORDS_DO_NOT_MATCH: msg`Passwords do not match`,
  NEW_PASSWORDS_DO_NOT_MATCH: msg`New passwords do not match.`,
  OTP_INCOMPLETE: msg`Please enter the complete 6-digit code.`,
  OTP_INCORRECT: msg`The code is incorrect.`,
  OTP_EXPIRED: msg`The code has expired. Request a new one.`,
  OTP_BURNED: msg`Too many wrong attempts. Request a new code.`,
  DELETE_PASSWORD_REQUIRED: msg`Password is required to confirm deletion.`,
  NAME_AND_CATEGORY_REQUIRED: msg`Name and at least one category are required.`,
  BAD_CREDENTIALS: msg`No active account found with the given credentials`,
  EMAIL_TAKEN: msg`A user is already registered with this e-mail address.`,
  PASSWORD_ALREADY_SET: msg`This account already has a password. Change it with your old password.`,
  OLD_PASSWORD_WRONG: msg`Your old password was entered incorrectly. Please enter it again.`,
  PASSWORD_WRONG: msg`Incorrect password.`,
  MAIL_FAILED: msg`The e-mail could not be sent. Please try again in a moment.`,
  PASSWORD_RESET_SENT: msg`If an account uses this e-mail address, a 6-digit code to reset its password has been sent to it.`,
  PASSWORD_RESET_DONE: msg`Your password has been reset. Sign in with the new password.`,
  ACCOUNT_TYPE_ALREADY_SET: msg`The account type is already set.`,
  NOT_AUTHENTICATED: msg`Authentication credentials were not provided.`,
  TOKEN_INVALID: msg`Token is invalid or expired`,
  PERMISSION_DENIED: msg`You do not have permission to perform this action.`,
  UNVERIFIED: msg`Please verify your email address before doing this.`,
  ONLY_SUPPLIERS: msg`Only suppliers can do this.`,
  ONLY_BUYERS: msg`Only buyers can do this.`,
  NOT_FOUND: msg`Not found.`,
  MIN_PRICE_ABOVE_MAX: msg`Minimum price cannot be greater than the maximum price.`,
  MIN_ORDER_ABOVE_STOCK: msg`minimum order quantity cannot be greater than quantity in stock`,
  THUMBNAIL_REQUIRED: msg`A thumbnail image is required.`,
  GALLERY_FULL: msg`A product can have at most 10 images or videos.`,
  EDIT_OWN_PRODUCTS_ONLY: msg`Access Denied: You can only edit your own products.`,
  DEAL_PRICE_NOT_BELOW_MIN: msg`The deal price must be lower than the minimum price.`,
  DEAL_END_NOT_FUTURE: msg`The deal must end in the future.`,
  DEAL_NEEDS_BOTH: msg`A flash deal needs both a deal price and an end time.`,
  RATING_REQUIRED: msg`Please select a star rating.`,
  ALREADY_REVIEWED: msg`You have already submitted a review for this product.`,
  EDIT_OWN_REVIEW_ONLY: msg`You can only edit your own review.`,
  MESSAGE_NEEDS_CONTENT: msg`A message needs text or a file.`,
  FILE_TOO_LARGE: msg`File is too large. Maximum size is 50MB.`,
  CANNOT_MESSAGE_SELF: msg`You cannot message yourself.`,
  CANNOT_MESSAGE_OWN_PRODUCT: msg`You cannot message about your own product.`,
  ONLY_BUYER_OFFERS: msg`Only the buyer can make a price offer.`,
  OFFER_NEEDS_PRODUCT: msg`Price offers can only be made in a conversation about a product.`,
  ONLY_BUYERS_ASK_SUPPLIERS: msg`Only buyers can message a supplier about a product.`,
  CHOOSE_ACCOUNT_TYPE_FIRST: msg`Choose your account type before messaging.`,
  UNSUPPORTED_FILE_TYPE: msg`Unsupported file type. Allowed: JPEG, PNG, GIF or WebP images; MP4, WebM, MOV or Ogg videos; PDF.`,
  NOT_WHAT_IT_CLAIMS: msg`The file is damaged or is not the type it claims to be.`,
  NOT_NULL: msg`This field may not be null.`,
  NOT_A_STRING: msg`Not a valid string.`,
  NOT_A_LIST: msg`Expected a list of items.`,
  NOT_A_BOOLEAN: msg`Must be a valid boolean.`,
  NOT_A_UUID: msg`Must be a valid UUID.`,
  EMPTY_LIST: msg`This list may not be empty.`,
  UNKNOWN_FIELD: msg`Unknown field.`,
  NOT_NON_NEGATIVE: msg`A valid non-negative integer is required.`,
  ONLY_SUPPLIERS_HAVE_PROFILE: msg`Only suppliers have a supplier profile.`,
  ONLY_BUYERS_HAVE_PROFILE: msg`Only buyers have a buyer profile.`,
  NO_PROFILE_YET: msg`This account has no profile yet.`,
  ONE_OTHER_PARTICIPANT: msg`A conversation is between you and one other user.`,
  PARTICIPANT_NOT_SUPPLIER: msg`The participant must be the product's supplier.`,
  BUYER_AND_SUPPLIER: msg`A conversation is between a buyer and a supplier.`,
};

const byText = new Map<string, MessageDescriptor>(
  Object.entries(SERVER_MESSAGES).map(([key, text]) => [text, TRANSLATIONS[key as ServerMessage]]),
);

/** A server (or shared-rule) message in the active language; any other text unchanged. */
export function serverText(text: string, i18n: I18n = activeI18n): string {
  const known = byText.get(text);
  return known ? i18n._(known) : text;
}
