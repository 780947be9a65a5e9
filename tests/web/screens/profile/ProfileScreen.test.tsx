import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import ProfileScreen from '@/screens/profile/ProfileScreen';
import Price from '@/components/Price';
import { db } from '@/db/db';
import { getAccessToken } from '@/sync/session/tokens';
import { fakeServer, here, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';
import { supplier } from '@tests/web/helpers';
import { makeProduct, page } from '../products/fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeServer();
});

const renderProfile = (path = '/profile') => renderScreen(<ProfileScreen />, { path });
const openTab = async (user: ReturnType<typeof renderProfile>['user'], name: RegExp) =>
  user.click(await screen.findByRole('tab', { name }));

describe('main tab', () => {
  it("lists a supplier's products with edit links and deletes one after the confirmation", async () => {
    signedInAs(server, supplier());
    const products = [makeProduct({ id: 5, name: 'Garri' }), makeProduct({ id: 6, name: 'Palm oil' })];
    server.on('GET /api/products/', (call) => ({ body: call.query.get('supplier') === '9' ? page(products) : page([]) }));
    server.on('DELETE /api/products/6/', { status: 204 });
    const confirm = vi.fn().mockReturnValueOnce(false).mockReturnValueOnce(true);
    window.confirm = confirm;
    const { user } = renderProfile();

    const rows = await screen.findAllByTestId('my-listing');
    expect(rows.map((r) => within(r).getByRole('link', { name: /^(garri|palm oil)$/i }).textContent)).toEqual(['Garri', 'Palm oil']);
    expect(within(rows[0]).getByRole('link', { name: 'Edit Garri' }).getAttribute('href')).toBe('/products/5/edit');
    expect(screen.getByRole('link', { name: 'Add product' }).getAttribute('href')).toBe('/products/add');

    await user.click(within(rows[1]).getByRole('button', { name: 'Delete Palm oil' }));
    expect(confirm).toHaveBeenLastCalledWith('Are you sure you want to delete this product?');
    expect(server.callsTo('DELETE /api/products/6/')).toHaveLength(0);

    await user.click(within(rows[1]).getByRole('button', { name: 'Delete Palm oil' }));
    await waitFor(() => expect(screen.getAllByTestId('my-listing')).toHaveLength(1));
    expect(server.callsTo('DELETE /api/products/6/')).toHaveLength(1);
  });

  it('marks the listings a moderator hid, with the reason and whether they were appealed, above the others', async () => {
    signedInAs(server, supplier());
    server.on('GET /api/products/', { body: page([makeProduct({ id: 5, name: 'Garri' })]) });
    server.on('GET /api/me/hidden-products/', {
      body: page([
        makeProduct({ id: 8, name: 'Fake watch', is_hidden: true, moderation_reason: 'Counterfeit goods', appealed_at: null }),
        makeProduct({ id: 9, name: 'Copy bag', is_hidden: true, moderation_reason: 'Brand copy', appealed_at: '2027-03-12T10:00:00Z' }),
      ]),
    });
    renderProfile();
    const hidden = await screen.findByRole('list', { name: 'Hidden listings' });
    const rows = within(hidden).getAllByTestId('hidden-listing');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual(['Fake watch', 'Copy bag']);
    expect(within(rows[0]).getByRole('link').getAttribute('href')).toBe('/products/8');
    expect(rows[0].textContent).toContain('Reason: Counterfeit goods');
    expect(rows[0].textContent).toContain('Not appealed');
    expect(rows[1].textContent).toContain('Appeal sent');
    expect(screen.getByRole('heading', { name: 'Hidden by our moderators (2)' })).toBeTruthy();
    // The others stay as they were, with their own actions.
    expect((await screen.findAllByTestId('my-listing')).map((r) => within(r).getAllByRole('link')[0].textContent)).toEqual(['Garri']);
  });

  it("says 'Failed to delete product.' and keeps the product when the server refuses", async () => {
    signedInAs(server, supplier());
    server.on('GET /api/products/', { body: page([makeProduct({ id: 5, name: 'Garri' })]) });
    server.on('DELETE /api/products/5/', { status: 500, body: undefined });
    window.confirm = vi.fn().mockReturnValue(true);
    const { user } = renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Delete Garri' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to delete product.');
    expect(screen.getAllByTestId('my-listing')).toHaveLength(1);
  });

  it("shows a buyer's recently viewed products from the device, or an empty state", async () => {
    signedInAs(server, makeUser());
    const { user, unmount } = renderProfile();
    expect(await screen.findByText('Nothing viewed yet')).toBeTruthy();
    unmount();

    await db.recent.bulkPut([
      { product_id: 5, viewed_at: 1, product: makeProduct({ id: 5, name: 'Garri' }) },
      { product_id: 6, viewed_at: 2, product: makeProduct({ id: 6, name: 'Palm oil' }) },
    ]);
    renderProfile();
    const cards = await screen.findAllByTestId('product-card');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Palm oil', 'Garri']);
    void user;
  });
});

describe('details tab', () => {
  it('shows the account read-only with a link to edit it', async () => {
    signedInAs(
      server,
      supplier({
        supplier_profile: {
          company_name: 'Kemal Tekstil',
          about: 'Looms since 1990.',
          logo_url: null,
          is_verified: true,
          industries: [{ id: 2, name: 'Textiles' }],
        },
      }),
    );
    const { user } = renderProfile();
    await openTab(user, /details/i);
    const list = screen.getByRole('tabpanel');
    expect(within(list).getByText('kemal@example.com')).toBeTruthy();
    expect(within(list).getByText('Looms since 1990.')).toBeTruthy();
    expect(within(list).getByText('Textiles')).toBeTruthy();
    expect(within(list).queryByRole('textbox')).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit profile' }).getAttribute('href')).toBe('/profile/edit');
  });

  it("says 'Could not load your profile data.' when the account cannot be reloaded", async () => {
    signedInAs(server, makeUser());
    let calls = 0;
    server.on('GET /api/me/', () => (++calls === 1 ? { body: makeUser() } : { status: 500, body: undefined }));
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderProfile();
    await waitFor(() => expect(calls).toBe(2));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load your profile data.');
    warn.mockRestore();
  });
});

describe('settings tab: password', () => {
  beforeEach(() => signedInAs(server, makeUser()));

  it('requires all three fields and matching new passwords', async () => {
    const { user } = renderProfile('/profile?tab=settings');
    const submit = await screen.findByRole('button', { name: 'Update password' });
    await user.click(submit);
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(screen.getByLabelText(label).getAttribute('aria-invalid')).toBe('true');
    }
    expect(screen.getAllByText('This field is required.')).toHaveLength(3);
    expect(document.activeElement).toBe(screen.getByLabelText('Current password'));

    await user.type(screen.getByLabelText('Current password'), 'old-secret-1');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-2');
    await user.click(submit);
    expect(screen.getByText('New passwords do not match.')).toBeTruthy();
    expect(server.callsTo('POST /api/auth/password/change/')).toHaveLength(0);
  });

  it("sends the change and says 'Password updated successfully!'", async () => {
    server.on('POST /api/auth/password/change/', { body: { detail: 'New password has been saved.' } });
    const { user } = renderProfile('/profile?tab=settings');
    await user.type(await screen.findByLabelText('Current password'), 'old-secret-1');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect((await screen.findByRole('status')).textContent).toBe('Password updated successfully!');
    expect(server.callsTo('POST /api/auth/password/change/')[0].body).toEqual({
      old_password: 'old-secret-1',
      new_password1: 'new-secret-1',
      new_password2: 'new-secret-1',
    });
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it("says 'Failed to update password.' with the server's field messages", async () => {
    server.on('POST /api/auth/password/change/', {
      status: 400,
      body: { old_password: ['Your old password was entered incorrectly. Please enter it again.'] },
    });
    const { user } = renderProfile('/profile?tab=settings');
    await user.type(await screen.findByLabelText('Current password'), 'wrong-secret');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to update password. Your old password was entered incorrectly. Please enter it again.');
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('settings tab: currency', () => {
  it("saves the account's currency with PATCH /me/ and every price follows", async () => {
    signedInAs(server, makeUser());
    server.on('PATCH /api/me/', { body: makeUser({ currency: 'TRY' }) });
    const { user } = renderScreen(
      <>
        <ProfileScreen />
        <p data-testid="a-price">
          <Price min="10" max="20" />
        </p>
      </>,
      { path: '/profile?tab=settings' },
    );
    await waitFor(() => expect(screen.getByTestId('a-price').textContent).toBe('$10.00 ~ $20.00'));
    await user.selectOptions(await screen.findByLabelText('Currency'), 'TRY');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('status')).textContent).toBe('Settings updated!');
    expect((server.callsTo('PATCH /api/me/')[0].body as FormData).get('currency')).toBe('TRY');
    expect([...(server.callsTo('PATCH /api/me/')[0].body as FormData).keys()]).toEqual(['currency']);
    expect(screen.getByTestId('a-price').textContent).toBe('325.00 ₺ ~ 650.00 ₺');
  });

  it("says 'Failed to update settings.' when the server refuses", async () => {
    signedInAs(server, makeUser());
    server.on('PATCH /api/me/', { status: 500, body: undefined });
    const { user } = renderProfile('/profile?tab=settings');
    await user.selectOptions(await screen.findByLabelText('Currency'), 'EUR');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to update settings.');
  });
});

describe('settings tab: legal links and offline data', () => {
  it('links the legal pages and clears the offline copy of the catalogue', async () => {
    signedInAs(server, makeUser());
    await db.products.put({ ...makeProduct(), category_id: 1, supplier_id: 9, fetched_at: Date.now() });
    // The engine's count of what it holds, written with each page (src/sync/pull/streams.ts).
    await db.syncState.put({ key: 'catalogue:held', value: 1 });
    const { user } = renderProfile('/profile?tab=settings');
    expect((await screen.findByRole('link', { name: 'Privacy Policy' })).getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe('/terms-of-service');
    const offline = screen.getByRole('region', { name: 'Offline data' });
    await waitFor(() => expect(within(offline).getByText(/^1 products/)).toBeTruthy());
    await user.click(within(offline).getByRole('button', { name: 'Clear offline copy' }));
    expect((await within(offline).findByRole('status')).textContent).toBe('The offline copy of the catalogue was cleared.');
    expect(await db.products.count()).toBe(0);
  });
});

describe('settings tab: account deletion', () => {
  beforeEach(() => signedInAs(server, makeUser()));

  const openDialog = async (user: ReturnType<typeof renderProfile>['user']) => {
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    return screen.getByRole('dialog', { name: 'Delete your account?' });
  };

  it('requires the password, shows the server error or the spec fallback, and closes on Escape', async () => {
    const { user } = renderProfile('/profile?tab=settings');
    let dialog = await openDialog(user);
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Password'));
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(within(dialog).getByText('Password is required to confirm deletion.')).toBeTruthy();
    expect(server.callsTo('POST /api/me/delete-account/')).toHaveLength(0);

    server.on('POST /api/me/delete-account/', { status: 400, body: { password: ['Incorrect password.'] } });
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Incorrect password.');

    server.on('POST /api/me/delete-account/', { status: 500, body: undefined });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Failed to delete account. Please check your password.'),
    );

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete account' }));
    dialog = await openDialog(user);
    expect((within(dialog).getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });

  it("deletes with the password, says 'Account deleted successfully.', signs out and goes to /login", async () => {
    server.on('POST /api/me/delete-account/', { body: { detail: 'Account deleted successfully.' } });
    server.on('POST /api/auth/logout/', { body: {} });
    const { user } = renderProfile('/profile?tab=settings');
    const dialog = await openDialog(user);
    await user.type(within(dialog).getByLabelText('Password'), 'demo-market-2025');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect((await within(dialog).findByRole('status')).textContent).toBe('Account deleted successfully.');
    expect(server.callsTo('POST /api/me/delete-account/')[0].body).toEqual({ password: 'demo-market-2025' });
    await waitFor(() => expect(here().path).toBe('/login'), { timeout: 4000 });
    expect(getAccessToken()).toBeNull();
  });
});
