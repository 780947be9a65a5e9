import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import OnboardingFlow from '@/screens/onboarding/OnboardingFlow';
import { useAuth } from '@/queries/auth';
import { fakeServer, here, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';

const CATEGORIES = [
  { id: 1, name: 'Textiles' },
  { id: 2, name: 'Electronics' },
  { id: 3, name: 'Agriculture' },
];
const firstLogin = makeUser({ is_first_login: true, user_type: null, buyer_profile: null });

let server: FakeServer;
beforeEach(() => {
  server = fakeServer({ 'GET /api/categories/': { body: { count: 3, next: null, previous: null, results: CATEGORIES } } });
  signedInAs(server, firstLogin);
});

/** Shows who the auth state holds, to check that onboarding replaced the user. */
function UserType() {
  const { user } = useAuth();
  return <output data-testid="user-type">{user?.user_type ?? 'none'}</output>;
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'logo.png', { type: 'image/png' });
const pdf = () => new File(['%PDF-1.4'], 'brochure.pdf', { type: 'application/pdf' });
const finish = () => screen.getByRole('button', { name: /complete setup/i });

describe('OnboardingFlow', () => {
  it('starts with the choice of Supplier or Buyer, and the back link returns to it', async () => {
    const { user } = renderScreen(<OnboardingFlow />, { path: '/onboarding' });
    await user.click(screen.getByRole('button', { name: /^supplier/i }));
    expect(screen.getByLabelText('Company name')).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Industries' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: /^back$/i }));
    await user.click(screen.getByRole('button', { name: /^buyer/i }));
    expect(screen.getByLabelText('Name')).toBeTruthy();
    expect(await screen.findByRole('group', { name: 'Categories of interest' })).toBeTruthy();
  });

  it('lists the categories in a list that scrolls beyond 200px', async () => {
    const { user } = renderScreen(<OnboardingFlow />, { path: '/onboarding' });
    await user.click(screen.getByRole('button', { name: /^buyer/i }));
    const group = await screen.findByRole('group', { name: 'Categories of interest' });
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => c.parentElement?.textContent),
    ).toEqual(['Textiles', 'Electronics', 'Agriculture']);
    const list = within(group).getAllByRole('checkbox')[0].closest('.checklist__items') as HTMLElement;
    expect(list.style.maxHeight).toBe('200px');
    expect(list.style.overflowY).toBe('auto');
  });

  it("says 'Failed to load categories.' when they cannot be loaded", async () => {
    server.on('GET /api/categories/', { status: 500, body: undefined });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = renderScreen(<OnboardingFlow />, { path: '/onboarding' });
    await user.click(screen.getByRole('button', { name: /^buyer/i }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to load categories.');
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('requires a name and at least one category', async () => {
    const { user } = renderScreen(<OnboardingFlow />, { path: '/onboarding' });
    await user.click(screen.getByRole('button', { name: /^supplier/i }));
    await screen.findByRole('group', { name: 'Industries' });
    await user.click(finish());
    expect(screen.getByRole('alert').textContent).toBe('Name and at least one category are required.');

    await user.type(screen.getByLabelText('Company name'), 'Kano Looms');
    await user.click(finish());
    expect(screen.getByRole('alert').textContent).toBe('Name and at least one category are required.');

    await user.clear(screen.getByLabelText('Company name'));
    await user.click(screen.getByRole('checkbox', { name: 'Textiles' }));
    await user.click(finish());
    expect(screen.getByRole('alert').textContent).toBe('Name and at least one category are required.');
    expect(server.callsTo('POST /api/me/set-account-type/')).toHaveLength(0);
  });

  it('rejects a logo that is not an image', async () => {
    const { user } = renderScreen(<OnboardingFlow />, { path: '/onboarding' });
    await user.click(screen.getByRole('button', { name: /^buyer/i }));
    const logo = screen.getByLabelText('Logo (optional)') as HTMLInputElement;
    expect(logo.accept).toBe('image/*');
    cleanup();

    const again = renderScreen(<OnboardingFlow />, { path: '/onboarding', userOptions: { applyAccept: false } });
    await again.user.click(screen.getByRole('button', { name: /^buyer/i }));
    const input = screen.getByLabelText('Logo (optional)') as HTMLInputElement;
    await again.user.upload(input, pdf());
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!.split(' ').pop()!)?.textContent).toBe(
      'The logo must be an image file.',
    );
    expect(input.files?.length ?? 0).toBe(0);
  });

  it('sends a supplier as multipart: account_type, company_name, repeated industry_ids and the logo; then calls onDone', async () => {
    const supplier = makeUser({ user_type: 'SUPPLIER', buyer_profile: null });
    server.on('POST /api/me/set-account-type/', { body: supplier });
    const onDone = vi.fn();
    const { user } = renderScreen(
      <>
        <OnboardingFlow onDone={onDone} />
        <UserType />
      </>,
      { path: '/' },
    );
    await user.click(screen.getByRole('button', { name: /^supplier/i }));
    await user.type(screen.getByLabelText('Company name'), '  Kano Looms ');
    await user.click(await screen.findByRole('checkbox', { name: 'Textiles' }));
    await user.click(screen.getByRole('checkbox', { name: 'Agriculture' }));
    await user.upload(screen.getByLabelText('Logo (optional)'), png());
    await user.click(finish());

    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const [call] = server.callsTo('POST /api/me/set-account-type/');
    const form = call.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('account_type')).toBe('SUPPLIER');
    expect(form.get('company_name')).toBe('Kano Looms');
    expect(form.getAll('industry_ids')).toEqual(['1', '3']);
    expect(form.has('category_ids')).toBe(false);
    expect(form.has('name')).toBe(false);
    expect((form.get('logo') as File).name).toBe('logo.png');
    expect(screen.getByTestId('user-type').textContent).toBe('SUPPLIER');
  });

  it('sends a buyer as multipart: account_type, name and repeated category_ids; without onDone it goes to /', async () => {
    server.on('POST /api/me/set-account-type/', { body: makeUser() });
    const { user } = renderScreen(<OnboardingFlow />, { path: '/onboarding' });
    await user.click(screen.getByRole('button', { name: /^buyer/i }));
    await user.type(screen.getByLabelText('Name'), 'Ada Stores');
    await user.click(await screen.findByRole('checkbox', { name: 'Electronics' }));
    await user.click(finish());

    await waitFor(() => expect(here().path).toBe('/'));
    const form = server.callsTo('POST /api/me/set-account-type/')[0].body as FormData;
    expect([...form.keys()].sort()).toEqual(['account_type', 'category_ids', 'name']);
    expect(form.get('account_type')).toBe('BUYER');
    expect(form.get('name')).toBe('Ada Stores');
    expect(form.getAll('category_ids')).toEqual(['2']);
  });

  it("says 'Failed to complete setup. Please try again.' when setup fails, with the server's reason beside it", async () => {
    server.on('POST /api/me/set-account-type/', { status: 500, body: undefined });
    const { user } = renderScreen(<OnboardingFlow />, { path: '/onboarding' });
    await user.click(screen.getByRole('button', { name: /^buyer/i }));
    await user.type(screen.getByLabelText('Name'), 'Ada Stores');
    await user.click(await screen.findByRole('checkbox', { name: 'Electronics' }));
    await user.click(finish());
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to complete setup. Please try again.');
    expect(here().path).toBe('/onboarding');

    server.on('POST /api/me/set-account-type/', { status: 400, body: { detail: 'The account type is already set.' } });
    await user.click(finish());
    expect(await screen.findByText('The account type is already set.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Failed to complete setup. Please try again.');
  });
});
