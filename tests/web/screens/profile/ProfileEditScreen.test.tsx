import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import ProfileEditScreen from '@/screens/profile/ProfileEditScreen';
import { fakeServer, here, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';
import { supplier } from '@tests/web/helpers';

const CATEGORIES = [
  { id: 1, name: 'Agriculture' },
  { id: 2, name: 'Textiles' },
];
const supplierProfile = {
  company_name: 'Kemal Tekstil',
  about: 'Looms.',
  logo_url: null,
  is_verified: true,
  industries: [{ id: 2, name: 'Textiles' }],
};
const buyerProfile = { name: 'Ada Obi', logo_url: null, interested_categories: [{ id: 1, name: 'Agriculture' }] };

let server: FakeServer;
beforeEach(() => {
  server = fakeServer({
    'GET /api/categories/': { body: CATEGORIES },
    'GET /api/profile/supplier/': { body: supplierProfile },
    'GET /api/profile/buyer/': { body: buyerProfile },
  });
});

const renderEdit = (options: Parameters<typeof renderScreen>[1] = {}) =>
  renderScreen(<ProfileEditScreen />, { path: '/profile/edit', ...options });
const save = () => screen.getByRole('button', { name: 'Save profile' });

describe('ProfileEditScreen', () => {
  it("edits a supplier's company profile: name, about, industries and logo, then reloads the account", async () => {
    signedInAs(server, supplier());
    server.on('PATCH /api/profile/supplier/', { body: { ...supplierProfile, company_name: 'Kemal Dokuma' } });
    const { user } = renderEdit();
    const name = await screen.findByLabelText('Company name');
    expect((name as HTMLInputElement).value).toBe('Kemal Tekstil');
    expect((screen.getByLabelText('About the company') as HTMLTextAreaElement).value).toBe('Looms.');
    expect((screen.getByRole('checkbox', { name: 'Textiles' }) as HTMLInputElement).checked).toBe(true);

    await user.clear(name);
    await user.type(name, 'Kemal Dokuma');
    await user.click(screen.getByRole('checkbox', { name: 'Agriculture' }));
    await user.upload(screen.getByLabelText('Logo (optional)'), new File([new Uint8Array(4)], 'logo.png', { type: 'image/png' }));
    const meCalls = server.callsTo('GET /api/me/').length;
    await user.click(save());

    await waitFor(() => expect(here().path).toBe('/profile'));
    const form = server.callsTo('PATCH /api/profile/supplier/')[0].body as FormData;
    expect(form.get('company_name')).toBe('Kemal Dokuma');
    expect(form.get('about')).toBe('Looms.');
    expect(form.getAll('industry_ids')).toEqual(['2', '1']);
    expect((form.get('logo') as File).name).toBe('logo.png');
    expect(server.callsTo('GET /api/me/').length).toBe(meCalls + 1);
  });

  it("edits a buyer's name and categories of interest", async () => {
    signedInAs(server, makeUser());
    server.on('PATCH /api/profile/buyer/', { body: buyerProfile });
    const { user } = renderEdit();
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Ada Obi');
    expect(screen.queryByLabelText('About the company')).toBeNull();
    await user.click(save());
    await waitFor(() => expect(server.callsTo('PATCH /api/profile/buyer/')).toHaveLength(1));
    const form = server.callsTo('PATCH /api/profile/buyer/')[0].body as FormData;
    expect([...form.keys()]).toEqual(['name', 'category_ids']);
  });

  it('requires the name and refuses a logo that is not an image', async () => {
    signedInAs(server, supplier());
    const { user } = renderEdit({ userOptions: { applyAccept: false } });
    await user.clear(await screen.findByLabelText('Company name'));
    await user.upload(screen.getByLabelText('Logo (optional)'), new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('The logo must be an image file.')).toBeTruthy();
    await user.click(save());
    expect(screen.getByText('This field is required.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Company name'));
    expect(server.callsTo('PATCH /api/profile/supplier/')).toHaveLength(0);
  });

  it("says 'Failed to update profile. Please check the fields.' with the server's reason", async () => {
    signedInAs(server, supplier());
    server.on('PATCH /api/profile/supplier/', {
      status: 400,
      body: { company_name: ['Ensure this field has no more than 150 characters.'] },
    });
    const { user } = renderEdit();
    await screen.findByLabelText('Company name');
    await user.click(save());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Failed to update profile. Please check the fields.Ensure this field has no more than 150 characters.');
    expect(here().path).toBe('/profile/edit');
  });

  it("says 'Could not load your profile for editing.' and tries again", async () => {
    signedInAs(server, supplier());
    server.on('GET /api/profile/supplier/', { status: 500, body: undefined });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { user } = renderEdit();
    expect((await screen.findByRole('alert')).textContent).toBe('Could not load your profile for editing.');
    server.on('GET /api/profile/supplier/', { body: supplierProfile });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByLabelText('Company name')).toBeTruthy();
    warn.mockRestore();
  });

  it('edits the name, phone and country of the account, checked by the shared rules before sending', async () => {
    signedInAs(server, makeUser({ first_name: 'Ada', last_name: 'Obi', phone_number: '+2348011111111' }));
    server.on('PATCH /api/me/', (call) => {
      const form = call.body as FormData;
      return {
        body: makeUser({
          first_name: String(form.get('first_name')),
          last_name: String(form.get('last_name')),
          phone_number: String(form.get('phone_number')),
          country: { code: String(form.get('country')), name: 'Senegal' },
        }),
      };
    });
    const { user } = renderEdit();
    const first = (await screen.findByLabelText('First name')) as HTMLInputElement;
    expect(first.value).toBe('Ada');
    const phone = screen.getByLabelText('Phone number') as HTMLInputElement;

    // Refused on the device with the sign-up rules: nothing is sent.
    await user.clear(first);
    await user.clear(phone);
    await user.type(phone, 'call me');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Enter a valid phone number.')).toBeTruthy();
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('PATCH /api/me/')).toHaveLength(0);

    await user.type(first, 'Awa');
    await user.clear(phone);
    await user.type(phone, '+221 70 123 45 67');
    await user.selectOptions(screen.getByLabelText('Country'), 'SN');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details are saved.')).toBeTruthy();
    const form = server.callsTo('PATCH /api/me/')[0].body as FormData;
    expect(Object.fromEntries(form.entries())).toEqual({
      first_name: 'Awa',
      last_name: 'Obi',
      phone_number: '+221 70 123 45 67',
      country: 'SN',
    });
  });

  it("shows the server's field errors under their fields", async () => {
    signedInAs(server, makeUser());
    server.on('PATCH /api/me/', { status: 400, body: { phone_number: ['Enter a valid phone number.'] } });
    const { user } = renderEdit();
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your details could not be saved.')).toBeTruthy();
    expect(screen.getByLabelText('Phone number').getAttribute('aria-invalid')).toBe('true');
  });
});
