import { beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import LoginScreen from '@/screens/auth/LoginScreen';
import { activateLanguage } from '@/app/i18n';
import { fakeServer, here, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';

let server: FakeServer;
beforeEach(() => {
  server = fakeServer();
});

const submit = () => screen.getByRole('button', { name: /^(log in|sign up)$/i });
const toggle = () => screen.getByRole('button', { name: /instead$/i });

async function fillSignup(user: ReturnType<typeof renderScreen>['user'], overrides: Record<string, string> = {}) {
  const values = {
    'First name': 'Ada',
    'Last name': 'Obi',
    Email: 'Ada@Example.com',
    'Phone number': '+234 801 234 5678',
    Password: 'correct-horse',
    'Confirm password': 'correct-horse',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('LoginScreen: modes', () => {
  it('shows email and password only when logging in, and every sign-up field after the toggle', async () => {
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    expect(screen.getByLabelText('Email')).toHaveProperty('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveProperty('type', 'password');
    expect(screen.queryByLabelText('First name')).toBeNull();
    expect(screen.queryByLabelText('Confirm password')).toBeNull();

    await user.click(toggle());
    for (const label of ['First name', 'Last name', 'Email', 'Phone number', 'Country', 'Password', 'Confirm password']) {
      expect(screen.getByLabelText(label)).toBeTruthy();
    }
    expect(screen.getByLabelText('Email')).toHaveProperty('type', 'email');
    const country = screen.getByLabelText('Country') as HTMLSelectElement;
    expect(country.value).toBe('NG');
    expect(
      within(country)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['TR', 'NG', 'SN', 'CI']);
    expect(within(country).getByRole('option', { name: 'Türkiye' })).toBeTruthy();
  });

  it('names the countries in the active language', async () => {
    await activateLanguage('fr', false);
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: "S'inscrire plutôt" }));
    const country = screen.getByLabelText('Pays') as HTMLSelectElement;
    expect(within(country).getByRole('option', { name: 'Turquie' })).toHaveProperty('value', 'TR');
    expect(within(country).getByRole('option', { name: 'Nigeria' })).toHaveProperty('selected', true);
  });

  it('clears the form and its errors when switching modes', async () => {
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(submit());
    expect(screen.getByText('Enter a valid email address.')).toBeTruthy();

    await user.click(toggle());
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(submit());
    expect(screen.getAllByText('This field may not be blank.').length).toBeGreaterThan(0);
    await user.click(toggle());
    expect(screen.queryByText('This field may not be blank.')).toBeNull();
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('');
  });
});

describe('LoginScreen: client validation', () => {
  it('requires every sign-up field and marks the empty ones invalid, without calling the server', async () => {
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await user.click(toggle());
    await user.click(submit());
    for (const label of ['First name', 'Last name', 'Email', 'Phone number', 'Password']) {
      const input = screen.getByLabelText(label);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      const described = document.getElementById(input.getAttribute('aria-describedby')!.split(' ').pop()!);
      expect(described?.textContent).toMatch(/./);
    }
    expect(server.calls).toHaveLength(0);
  });

  it("says 'Passwords do not match' on the confirm field", async () => {
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await user.click(toggle());
    await fillSignup(user, { 'Confirm password': 'something-else' });
    await user.click(submit());
    const confirm = screen.getByLabelText('Confirm password');
    expect(confirm.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(confirm.getAttribute('aria-describedby')!)?.textContent).toBe('Passwords do not match');
    expect(server.calls).toHaveLength(0);
  });

  it('requires email and password to log in', async () => {
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await user.click(submit());
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(server.calls).toHaveLength(0);
  });
});

describe('LoginScreen: login', () => {
  async function logIn(user: ReturnType<typeof renderScreen>['user']) {
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct-horse');
    await user.click(submit());
  }

  it("shows the server's detail when login fails", async () => {
    server.on('POST /api/auth/login/', { status: 401, body: { detail: 'No active account found with the given credentials' } });
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await logIn(user);
    expect((await screen.findByRole('alert')).textContent).toBe('No active account found with the given credentials');
    expect(here().path).toBe('/login');
  });

  it('says the server could not be reached (not "check credentials") and offers a retry that signs in', async () => {
    server.on('POST /api/auth/login/', { status: 0 });
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await logIn(user);
    expect(await screen.findByText(/Could not reach the server\. Check your connection and try again\./)).toBeTruthy();
    expect(screen.queryByText('Login failed. Please check credentials.')).toBeNull();
    expect(here().path).toBe('/login');
    // The network is back: one tap on "Try again" sends the same form.
    server.on('POST /api/auth/login/', { body: { access: 'a', refresh: 'r' } });
    server.on('GET /api/me/', { body: makeUser() });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(here().path).toBe('/'));
  });

  it("falls back to 'Login failed. Please check credentials.' without a detail, and shows field errors under their fields", async () => {
    server.on('POST /api/auth/login/', {
      status: 400,
      body: { email: ['Enter a valid email address.', 'second'], non_field_errors: ['Unable to log in.'] },
    });
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await logIn(user);
    expect(await screen.findByText('Login failed. Please check credentials.')).toBeTruthy();
    const email = screen.getByLabelText('Email');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe('Enter a valid email address.');
    expect(screen.queryByText('second')).toBeNull();
    const password = screen.getByLabelText('Password');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe('Unable to log in.');
  });

  it('disables the submit button while the request is in flight', async () => {
    let release!: () => void;
    server.on(
      'POST /api/auth/login/',
      () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 401, body: { detail: 'Nope' } });
        }),
    );
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await logIn(user);
    const button = screen.getByRole('button', { name: /signing in/i }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    release();
    await screen.findByText('Nope');
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
  });

  it('sends a first login to /onboarding', async () => {
    server.on('POST /api/auth/login/', { body: { access: 'a', refresh: 'r' } });
    server.on('GET /api/me/', { body: makeUser({ is_first_login: true, user_type: null, is_verified: false }) });
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await logIn(user);
    await waitFor(() => expect(here().path).toBe('/onboarding'));
    expect(server.callsTo('POST /api/auth/login/')[0].body).toEqual({ email: 'ada@example.com', password: 'correct-horse' });
  });

  it('sends an unverified account to /verify-otp with its email', async () => {
    server.on('POST /api/auth/login/', { body: { access: 'a', refresh: 'r' } });
    server.on('GET /api/me/', { body: makeUser({ is_verified: false }) });
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await logIn(user);
    await waitFor(() => expect(here().path).toBe('/verify-otp'));
    expect(here().state?.email).toBe('ada@example.com');
  });

  it('returns to the page the guard came from, or / by default', async () => {
    server.on('POST /api/auth/login/', { body: { access: 'a', refresh: 'r' } });
    server.on('GET /api/me/', { body: makeUser() });
    const first = renderScreen(<LoginScreen />, { path: '/login', state: { from: '/favorites' } });
    await logIn(first.user);
    await waitFor(() => expect(here().path).toBe('/favorites'));
    cleanup();
    localStorage.clear();

    const second = renderScreen(<LoginScreen />, { path: '/login' });
    await logIn(second.user);
    await waitFor(() => expect(here().path).toBe('/'));
  });

  it('redirects to / when already signed in', async () => {
    signedInAs(server, makeUser());
    renderScreen(<LoginScreen />, { path: '/login' });
    await waitFor(() => expect(here().path).toBe('/'));
  });
});

describe('LoginScreen: sign-up', () => {
  it('registers with the API field names and goes to /verify-otp with the email', async () => {
    server.on('POST /api/auth/registration/', { status: 201, body: { detail: 'Verification e-mail sent.' } });
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await user.click(toggle());
    await fillSignup(user);
    await user.selectOptions(screen.getByLabelText('Country'), 'SN');
    await user.click(submit());
    await waitFor(() => expect(here().path).toBe('/verify-otp'));
    expect(here().state?.email).toBe('ada@example.com');
    expect(server.callsTo('POST /api/auth/registration/')[0].body).toEqual({
      first_name: 'Ada',
      last_name: 'Obi',
      email: 'ada@example.com',
      phone_number: '+234 801 234 5678',
      country: 'SN',
      password1: 'correct-horse',
      password2: 'correct-horse',
    });
  });

  it('a sign-up that cannot reach the server says so and offers a retry', async () => {
    server.on('POST /api/auth/registration/', { status: 0 });
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await user.click(toggle());
    await fillSignup(user);
    await user.click(submit());
    expect(await screen.findByText(/Could not reach the server\. Check your connection and try again\./)).toBeTruthy();
    expect(screen.queryByText('An unknown error occurred during signup.')).toBeNull();
    server.on('POST /api/auth/registration/', { status: 201, body: { detail: 'Verification e-mail sent.' } });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(here().path).toBe('/verify-otp'));
  });

  it("shows the server's field errors formatted 'Field: messages | ...' and under their fields", async () => {
    server.on('POST /api/auth/registration/', {
      status: 400,
      body: {
        email: ['A user is already registered with this e-mail address.'],
        password1: ['This password is too common.', 'It is entirely numeric.'],
      },
    });
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await user.click(toggle());
    await fillSignup(user);
    await user.click(submit());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Email: A user is already registered with this e-mail address. | Password1: This password is too common. It is entirely numeric.',
    );
    const email = screen.getByLabelText('Email');
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'A user is already registered with this e-mail address.',
    );
    const password = screen.getByLabelText('Password');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe('This password is too common.');
    expect(here().path).toBe('/login');
  });

  it("refuses a common password before asking the server, with the shared rule's message", async () => {
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await user.click(toggle());
    await fillSignup(user, { Password: '12345678', 'Confirm password': '12345678' });
    await user.click(submit());
    const password = screen.getByLabelText('Password');
    await waitFor(() =>
      expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe('This password is too common.'),
    );
    expect(server.callsTo('POST /api/auth/registration/')).toHaveLength(0);
  });

  it("shows 'An unknown error occurred during signup.' when the server gives nothing to show", async () => {
    server.on('POST /api/auth/registration/', { status: 500, body: undefined });
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await user.click(toggle());
    await fillSignup(user);
    await user.click(submit());
    expect((await screen.findByRole('alert')).textContent).toBe('An unknown error occurred during signup.');
  });

  it('shows a detail as a general alert and non_field_errors under the password', async () => {
    server.on('POST /api/auth/registration/', { status: 400, body: { non_field_errors: ['The two password fields did not match.'] } });
    const { user } = renderScreen(<LoginScreen />, { path: '/login' });
    await user.click(toggle());
    await fillSignup(user);
    await user.click(submit());
    await screen.findByRole('alert');
    const password = screen.getByLabelText('Password');
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBe('The two password fields did not match.');

    server.on('POST /api/auth/registration/', { status: 429, body: { detail: 'Too many attempts. Try again in 5 minutes.' } });
    await user.click(submit());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many attempts. Try again in 5 minutes.'));
  });
});
