import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import VerifyOtpScreen from '@/screens/auth/VerifyOtpScreen';
import { getAccessToken } from '@/sync/session/tokens';
import { fakeServer, here, makeUser, renderScreen, type FakeServer } from '../harness';

let server: FakeServer;
beforeEach(() => {
  server = fakeServer();
});

const open = () => renderScreen(<VerifyOtpScreen />, { path: '/verify-otp', state: { email: 'ada@example.com' } });
const boxes = () => screen.getAllByRole('textbox') as HTMLInputElement[];
const verify = () => screen.getByRole('button', { name: /^verify$/i });

describe('VerifyOtpScreen', () => {
  it('goes back to /login, replacing history, when no email was passed', async () => {
    const before = history.length;
    renderScreen(<VerifyOtpScreen />, { path: '/verify-otp' });
    await waitFor(() => expect(here().path).toBe('/login'));
    expect(history.length).toBe(before);
  });

  it('has six numeric one-time-code boxes, the first one ready for typing', () => {
    open();
    expect(boxes()).toHaveLength(6);
    expect(document.activeElement).toBe(boxes()[0]);
    for (const box of boxes()) {
      expect(box.getAttribute('inputmode')).toBe('numeric');
      expect(box.getAttribute('autocomplete')).toBe('one-time-code');
    }
  });

  it('asks for the complete 6-digit code and does not call the server until it has it', async () => {
    const { user } = open();
    await user.click(boxes()[0]);
    await user.keyboard('123');
    await user.click(verify());
    expect(screen.getByRole('alert').textContent).toBe('Please enter the complete 6-digit code.');
    expect(server.calls).toHaveLength(0);
  });

  it('verifies, signs in with the returned tokens and goes to /', async () => {
    server.on('POST /api/auth/otp/verify/', { body: { access: 'new-access', refresh: 'new-refresh', user: makeUser() } });
    const { user } = open();
    await user.click(boxes()[0]);
    await user.keyboard('482913');
    await user.click(verify());
    await waitFor(() => expect(here().path).toBe('/'));
    expect(server.callsTo('POST /api/auth/otp/verify/')[0].body).toEqual({ email: 'ada@example.com', otp: '482913' });
    expect(getAccessToken()).toBe('new-access');
  });

  it('asks for a new password at once when the server made the sign-up password unusable, then signs in', async () => {
    server.on('POST /api/auth/otp/verify/', {
      body: { access: 'a2', refresh: 'r2', user: makeUser({ first_name: 'Owner' }), must_set_password: true },
    });
    server.on('POST /api/auth/password/set/', (call) =>
      call.headers.get('Authorization') === 'Bearer a2'
        ? { body: { detail: 'New password has been saved.' } }
        : { status: 401, body: { detail: 'no' } },
    );
    const { user } = open();
    await user.click(boxes()[0]);
    await user.keyboard('482913');
    await user.click(verify());
    await screen.findByRole('heading', { name: 'Choose a new password' });
    expect(here().path).toBe('/verify-otp');

    // The shared rules answer first: a common password never reaches the server.
    await user.type(screen.getByLabelText('New password'), 'password');
    await user.type(screen.getByLabelText('Confirm new password'), 'password');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('This password is too common.')).toBeTruthy();
    expect(server.callsTo('POST /api/auth/password/set/')).toHaveLength(0);

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('New password'), 'my-own-harbour-58');
    await user.type(screen.getByLabelText('Confirm new password'), 'my-own-harbour-58');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(here().path).toBe('/'));
    expect(server.callsTo('POST /api/auth/password/set/')[0].body).toEqual({
      new_password1: 'my-own-harbour-58',
      new_password2: 'my-own-harbour-58',
    });
  });

  it("says 'Failed to update password.' with the server's reason when the new password is refused", async () => {
    server.on('POST /api/auth/otp/verify/', { body: { access: 'a2', refresh: 'r2', user: makeUser(), must_set_password: true } });
    server.on('POST /api/auth/password/set/', { status: 400, body: { new_password1: ['This password is too common.'] } });
    const { user } = open();
    await user.click(boxes()[0]);
    await user.keyboard('482913');
    await user.click(verify());
    await user.type(await screen.findByLabelText('New password'), 'unusual-words-93');
    await user.type(screen.getByLabelText('Confirm new password'), 'unusual-words-93');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update password.');
    expect(screen.getByText('This password is too common.')).toBeTruthy();
    expect(here().path).toBe('/verify-otp');
  });

  it("shows the server's error, else 'Verification failed. Please check the code and try again.'", async () => {
    server.on('POST /api/auth/otp/verify/', { status: 400, body: { otp: ['The code is incorrect.'] } });
    const { user } = open();
    await user.click(boxes()[0]);
    await user.keyboard('111111');
    await user.click(verify());
    expect((await screen.findByRole('alert')).textContent).toBe('The code is incorrect.');
    expect(here().path).toBe('/verify-otp');

    server.on('POST /api/auth/otp/verify/', { status: 500, body: undefined });
    await user.click(verify());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Verification failed. Please check the code and try again.'));

    // Out of reach: the spec's message, with the connection problem beside it.
    server.on('POST /api/auth/otp/verify/', { status: 0 });
    await user.click(verify());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Verification failed. Please check the code and try again.'));
    expect(document.querySelector('.form-reason')?.textContent).toBeTruthy();
  });

  it('resends the code and says so', async () => {
    server.on('POST /api/auth/otp/resend/', { body: { detail: 'A new OTP has been sent to your email.' } });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: /resend code/i }));
    expect((await screen.findByRole('status')).textContent).toBe('A new OTP has been sent to your email.');
    expect(server.callsTo('POST /api/auth/otp/resend/')[0].body).toEqual({ email: 'ada@example.com' });
  });

  it("says 'Failed to resend OTP. Please try again in a moment.' when resending fails, with the server's reason beside it", async () => {
    server.on('POST /api/auth/otp/resend/', { status: 429, body: { detail: 'Please wait 42 seconds before requesting a new code.' } });
    const { user } = open();
    await user.click(screen.getByRole('button', { name: /resend code/i }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to resend OTP. Please try again in a moment.');
    expect(screen.getByText('Please wait 42 seconds before requesting a new code.')).toBeTruthy();

    server.on('POST /api/auth/otp/resend/', { status: 0 });
    await user.click(screen.getByRole('button', { name: /resend code/i }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to resend OTP. Please try again in a moment.'));
  });
});
