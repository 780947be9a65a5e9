import { GALLERY_MAX_FILES } from './constants';

/**
 * Every message the server answers that a user may read, in English, once (docs/product.md).
 * The server and the web app's own checks answer these texts; the web app shows each in the
 * active language (src/sync/serverText.ts), and tests/web/server-messages.test.ts fails when
 * one has no French or Turkish translation.
 */
export const SERVER_MESSAGES = {
  // Input, in Django REST Framework's wording.
  REQUIRED: 'This field is required.',
  BLANK: 'This field may not be blank.',
  INVALID_EMAIL: 'Enter a valid email address.',
  INVALID_PHONE: 'Enter a valid phone number.',
  INVALID_NUMBER: 'A valid number is required.',
  INVALID_INTEGER: 'A valid integer is required.',
  AT_LEAST_0: 'Ensure this value is greater than or equal to 0.',
  AT_LEAST_1: 'Ensure this value is greater than or equal to 1.',
  TWO_DECIMALS_AT_MOST: 'Ensure that there are no more than 2 decimal places.',
  INVALID_DATETIME: 'Enter a valid date and time.',
  NOT_A_DICTIONARY: 'Invalid data. Expected a dictionary.',
  NOT_NULL: 'This field may not be null.',
  NOT_A_STRING: 'Not a valid string.',
  NOT_A_LIST: 'Expected a list of items.',
  NOT_A_BOOLEAN: 'Must be a valid boolean.',
  NOT_A_UUID: 'Must be a valid UUID.',
  EMPTY_LIST: 'This list may not be empty.',
  UNKNOWN_FIELD: 'Unknown field.',
  NOT_NON_NEGATIVE: 'A valid non-negative integer is required.',
  // Accounts.
  PASSWORD_TOO_SHORT: 'This password is too short. It must contain at least 8 characters.',
  PASSWORD_TOO_COMMON: 'This password is too common.',
  NAME_ONE_LINE: 'Enter the name on one line, without control characters.',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  NEW_PASSWORDS_DO_NOT_MATCH: 'New passwords do not match.',
  OTP_INCOMPLETE: 'Please enter the complete 6-digit code.',
  OTP_INCORRECT: 'The code is incorrect.',
  OTP_EXPIRED: 'The code has expired. Request a new one.',
  OTP_BURNED: 'Too many wrong attempts. Request a new code.',
  DELETE_PASSWORD_REQUIRED: 'Password is required to confirm deletion.',
  NAME_AND_CATEGORY_REQUIRED: 'Name and at least one category are required.',
  BAD_CREDENTIALS: 'No active account found with the given credentials',
  EMAIL_TAKEN: 'A user is already registered with this e-mail address.',
  PASSWORD_ALREADY_SET: 'This account already has a password. Change it with your old password.',
  OLD_PASSWORD_WRONG: 'Your old password was entered incorrectly. Please enter it again.',
  PASSWORD_WRONG: 'Incorrect password.',
  MAIL_FAILED: 'The e-mail could not be sent. Please try again in a moment.',
  PASSWORD_RESET_SENT: 'If an account uses this e-mail address, a 6-digit code to reset its password has been sent to it.',
  PASSWORD_RESET_DONE: 'Your password has been reset. Sign in with the new password.',
  ACCOUNT_TYPE_ALREADY_SET: 'The account type is already set.',
  // Who may do what.
  NOT_AUTHENTICATED: 'Authentication credentials were not provided.',
  TOKEN_INVALID: 'Token is invalid or expired',
  PERMISSION_DENIED: 'You do not have permission to perform this action.',
  UNVERIFIED: 'Please verify your email address before doing this.',
  ONLY_SUPPLIERS: 'Only suppliers can do this.',
  ONLY_BUYERS: 'Only buyers can do this.',
  NOT_FOUND: 'Not found.',
  ONLY_SUPPLIERS_HAVE_PROFILE: 'Only suppliers have a supplier profile.',
  ONLY_BUYERS_HAVE_PROFILE: 'Only buyers have a buyer profile.',
  NO_PROFILE_YET: 'This account has no profile yet.',
  // Products and reviews.
  MIN_PRICE_ABOVE_MAX: 'Minimum price cannot be greater than the maximum price.',
  // The product rules give this text as it is, lower case included.
  MIN_ORDER_ABOVE_STOCK: 'minimum order quantity cannot be greater than quantity in stock',
  THUMBNAIL_REQUIRED: 'A thumbnail image is required.',
  GALLERY_FULL: `A product can have at most ${GALLERY_MAX_FILES} images or videos.`,
  EDIT_OWN_PRODUCTS_ONLY: 'Access Denied: You can only edit your own products.',
  DEAL_PRICE_NOT_BELOW_MIN: 'The deal price must be lower than the minimum price.',
  DEAL_END_NOT_FUTURE: 'The deal must end in the future.',
  DEAL_NEEDS_BOTH: 'A flash deal needs both a deal price and an end time.',
  RATING_REQUIRED: 'Please select a star rating.',
  ALREADY_REVIEWED: 'You have already submitted a review for this product.',
  EDIT_OWN_REVIEW_ONLY: 'You can only edit your own review.',
  // Chat and files.
  MESSAGE_NEEDS_CONTENT: 'A message needs text or a file.',
  FILE_TOO_LARGE: 'File is too large. Maximum size is 50MB.',
  CANNOT_MESSAGE_SELF: 'You cannot message yourself.',
  CANNOT_MESSAGE_OWN_PRODUCT: 'You cannot message about your own product.',
  ONLY_BUYER_OFFERS: 'Only the buyer can make a price offer.',
  OFFER_NEEDS_PRODUCT: 'Price offers can only be made in a conversation about a product.',
  ONLY_BUYERS_ASK_SUPPLIERS: 'Only buyers can message a supplier about a product.',
  CHOOSE_ACCOUNT_TYPE_FIRST: 'Choose your account type before messaging.',
  ONE_OTHER_PARTICIPANT: 'A conversation is between you and one other user.',
  PARTICIPANT_NOT_SUPPLIER: "The participant must be the product's supplier.",
  BUYER_AND_SUPPLIER: 'A conversation is between a buyer and a supplier.',
  UNSUPPORTED_FILE_TYPE: 'Unsupported file type. Allowed: JPEG, PNG, GIF or WebP images; MP4, WebM, MOV or Ogg videos; PDF.',
  NOT_WHAT_IT_CLAIMS: 'The file is damaged or is not the type it claims to be.',
};

export type ServerMessage = keyof typeof SERVER_MESSAGES;
