import type { ReactElement } from 'react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Router } from 'wouter';

/** A chat piece alone, with the active language and a router, as the screen renders it. */
export function renderPiece(ui: ReactElement, options?: Parameters<typeof userEvent.setup>[0]) {
  const user = userEvent.setup(options);
  const wrap = (piece: ReactElement) => (
    <I18nProvider i18n={i18n}>
      <Router>{piece}</Router>
    </I18nProvider>
  );
  const result = render(wrap(ui));
  return { user, ...result, rerender: (piece: ReactElement) => result.rerender(wrap(piece)) };
}

/** Prices shown as the tests expect them: USD with a dollar sign. */
export const usd = (value: string) => `$${Number(value).toFixed(2)}`;
