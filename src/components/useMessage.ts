import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { MessageDescriptor } from '@lingui/core';
import {
  NAME_AND_CATEGORY_REQUIRED,
  NAME_ONE_LINE,
  OTP_INCOMPLETE,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_SHORT,
  PASSWORDS_DO_NOT_MATCH,
} from '../shared/validation';
import { RATING_REQUIRED } from '../shared/catalogue';

/**
 * The validation rules in src/shared speak English (the server answers with the same texts).
 * This hook shows the ones a form can meet in the active language; any other text is shown
 * as it came.
 */
const KNOWN: Record<string, MessageDescriptor> = {
  'This field is required.': msg`This field is required.`,
  'This field may not be blank.': msg`This field may not be blank.`,
  'Enter a valid email address.': msg`Enter a valid email address.`,
  'Enter a valid phone number.': msg`Enter a valid phone number.`,
  [PASSWORD_TOO_SHORT]: msg`This password is too short. It must contain at least 8 characters.`,
  [PASSWORD_TOO_COMMON]: msg`This password is too common.`,
  [NAME_ONE_LINE]: msg`Enter the name on one line, without control characters.`,
  [PASSWORDS_DO_NOT_MATCH]: msg`Passwords do not match`,
  [OTP_INCOMPLETE]: msg`Please enter the complete 6-digit code.`,
  [NAME_AND_CATEGORY_REQUIRED]: msg`Name and at least one category are required.`,
  [RATING_REQUIRED]: msg`Please select a star rating.`,
};

export function useMessage(): (text: string) => string {
  const { i18n } = useLingui();
  return (text) => {
    const known = KNOWN[text];
    return known ? i18n._(known) : text;
  };
}
