import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import ForgotPasswordScreen from '@/screens/auth/ForgotPasswordScreen';
import LoginScreen from '@/screens/auth/LoginScreen';
import { getAccessToken } from '@/sync/session/tokens';
import { fakeServer, here, makeUser, renderScreen, type FakeServer } from '../harness';

let server: FakeServer;
beforeEach(() => {
  server = fakeServer();
});

const SENT = { body: { detail: 'If an account uses this e-mail address, a 6-digit code to reset its password has been sent to it.' } };
const boxes = () => screen.getAllByRole('textbox').filter((box) => box.getAttribute('autocomplete') === 'one-time-code');

describe('ForgotPasswordScreen', () => {
  it('is linked from the login form, carrying the typed email', async () => {
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    expect(here().path).toBe('/forgot-password');
    expect(here().state?.email).toBe('ada@example.com');
  });

  it('mails a code, then sets the new password with it and signs in with the new password', async () => {
    server.on('POST /api/auth/password/reset/', SENT);
    server.on('POST /api/auth/password/reset/confirm/', { body: { detail: 'Your password has been reset.' } });
    server.on('POST /api/auth/login/', { body: { access: 'fresh', refresh: 'fresh-r' } });
    server.on('GET /api/me/', { body: makeUser() });
    const { user } = renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password', state: { email: 'Ada@Example.com' } });
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeTruthy();
    expect(server.callsTo('POST /api/auth/password/reset/')[0].body).toEqual({ email: 'ada@example.com' });
    expect(screen.getByText('ada@example.com')).toBeTruthy();

    await user.click(boxes()[0]);
    await user.keyboard('482913');
    await user.type(screen.getByLabelText('New password'), 'mango season 2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'mango season 2026');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    await waitFor(() => expect(here().path).toBe('/'));
    expect(server.callsTo('POST /api/auth/password/reset/confirm/')[0].body).toEqual({
      email: 'ada@example.com',
      code: '482913',
      new_password1: 'mango season 2026',
      new_password2: 'mango season 2026',
    });
    expect(server.callsTo('POST /api/auth/login/')[0].body).toEqual({ email: 'ada@example.com', password: 'mango season 2026' });
    expect(getAccessToken()).toBe('fresh');
  });

  it('checks the form before calling, and shows the server reasons on the right fields', async () => {
    server.on('POST /api/auth/password/reset/', SENT);
    server.on('POST /api/auth/password/reset/confirm/', { status: 400, body: { code: ['The code has expired. Request a new one.'] } });
    const { user } = renderScreen(<ForgotPasswordScreen />, { path: '/forgot-password' });
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the code' }));
    await screen.findByRole('heading', { name: 'Choose a new password' });

    await user.click(boxes()[0]);
    await user.keyboard('482913');
    await user.type(screen.getByLabelText('New password'), 'mango season 2026');
    await user.type(screen.getByLabelText('Confirm new password'), 'mango season 2027');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('New passwords do not match.')).toBeTruthy();
    expect(server.callsTo('POST /api/auth/password/reset/confirm/')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'mango season 2026');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('The code has expired. Request a new one.')).toBeTruthy();
    expect(screen.getByText('Your password could not be reset.')).toBeTruthy();
    expect(here().path).toBe('/forgot-password');

    // A new code on request; within the minute the server's wait is shown.
    server.on('POST /api/auth/password/reset/', { status: 429, body: { detail: 'Please wait 42 seconds before requesting a new code.' } });
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('Please wait 42 seconds before requesting a new code.')).toBeTruthy();
  });
});
