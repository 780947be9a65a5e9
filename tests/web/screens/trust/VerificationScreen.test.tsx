import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import VerificationScreen from '@/screens/profile/VerificationScreen';
import { reportReachable } from '@/sync/api/connectivity';
import { fakeServer, makeUser, renderScreen, signedInAs, type FakeServer } from '../harness';

let server: FakeServer;
const supplier = makeUser({ id: 9, user_type: 'SUPPLIER', country: { code: 'NG', name: 'Nigeria' } });

const request = (overrides: Record<string, unknown> = {}) => ({
  id: 3,
  supplier: { id: 9, name: 'Lagos Agro Foods Ltd' },
  registry: 'CAC',
  registry_number: 'RC1234567',
  document: '/media/cert.png',
  status: 'pending',
  reason: '',
  created_at: '2027-03-10T09:00:00.000Z',
  decided_at: null,
  ...overrides,
});

beforeEach(() => {
  server = fakeServer();
});
afterEach(() => reportReachable());

const open = () => renderScreen(<VerificationScreen />, { path: '/profile/verification' });

describe('business verification (docs/product.md#trust-and-safety)', () => {
  it('checks the number against the registry, uploads the certificate, then says the request is pending', async () => {
    signedInAs(server, supplier);
    let sent: unknown[] = [];
    server.on('GET /api/me/verification/', () => ({ body: sent }));
    server.on('POST /api/media/upload/', { body: { secure_url: '/media/cert-1.png', resource_type: 'image', format: 'png', bytes: 4 } });
    server.on('POST /api/me/verification/', () => {
      sent = [request({ registry_number: 'RC1234567', document: '/media/cert-1.png' })];
      return { status: 201, body: { id: 3, status: 'pending' } };
    });
    const { user } = open();
    const registry = (await screen.findByLabelText('Registry', {}, { timeout: 15_000 })) as HTMLSelectElement;
    // A Nigerian supplier starts at the Corporate Affairs Commission.
    expect(registry.value).toBe('CAC');
    expect(
      within(registry)
        .getAllByRole('option')
        .map((o) => (o as HTMLOptionElement).value),
    ).toEqual(['CAC', 'RCCM', 'NINEA', 'MERSIS', 'VKN']);
    await user.type(screen.getByLabelText('Registration number'), '12-34');
    await user.click(screen.getByRole('button', { name: 'Send for checking' }));
    expect(screen.getByText('This is not a CAC number. Example: RC 1234567')).toBeTruthy();
    expect(screen.getByText('Add a photo or PDF of the certificate.')).toBeTruthy();
    expect(server.callsTo('POST /api/me/verification/')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Registration number'));
    await user.type(screen.getByLabelText('Registration number'), 'rc 1234567');
    await user.upload(
      screen.getByLabelText('Certificate (photo or PDF)'),
      new File(['%PDF-1.4'], 'certificate.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send for checking' }));
    expect(
      await screen.findByRole('heading', { name: 'Pending: a moderator is checking your registration' }, { timeout: 15_000 }),
    ).toBeTruthy();
    expect(server.callsTo('POST /api/media/upload/')).toHaveLength(1);
    expect(server.callsTo('POST /api/me/verification/')[0].body).toEqual({
      registry: 'CAC',
      registry_number: 'rc 1234567',
      document: '/media/cert-1.png',
    });
    expect(screen.queryByRole('button', { name: 'Send for checking' })).toBeNull();
  }, 40_000);

  it('a Turkish supplier starts at MERSIS and the hint follows the registry chosen', async () => {
    signedInAs(server, makeUser({ id: 9, user_type: 'SUPPLIER', country: { code: 'TR', name: 'Türkiye' } }));
    server.on('GET /api/me/verification/', { body: [] });
    const { user } = open();
    const registry = (await screen.findByLabelText('Registry')) as HTMLSelectElement;
    expect(registry.value).toBe('MERSIS');
    expect(screen.getByText('Example: 0123456789000015')).toBeTruthy();
    await user.selectOptions(registry, 'VKN');
    expect(screen.getByText('Example: 1234567890')).toBeTruthy();
  });

  it('a rejected request shows the moderator’s reason and lets the supplier send a new one', async () => {
    signedInAs(server, supplier);
    server.on('GET /api/me/verification/', {
      body: [request({ status: 'rejected', reason: 'The certificate is unreadable.', decided_at: '2027-03-11T09:00:00.000Z' })],
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Not approved' })).toBeTruthy();
    expect(screen.getByText("Moderator's reason: The certificate is unreadable.")).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Send a new request' })).toBeTruthy();
  });

  it('an approved request says what was checked and when, with no form', async () => {
    signedInAs(server, supplier);
    server.on('GET /api/me/verification/', { body: [request({ status: 'approved', decided_at: '2027-03-12T09:00:00.000Z' })] });
    open();
    expect(await screen.findByRole('heading', { name: 'Approved: business registration (CAC) checked Mar 12, 2027' })).toBeTruthy();
    expect(screen.queryByLabelText('Registry')).toBeNull();
  });

  it('buyers are told the check is for suppliers', async () => {
    signedInAs(server, makeUser());
    open();
    expect(await screen.findByText('Only suppliers can have their business registration checked.')).toBeTruthy();
    await waitFor(() => expect(server.callsTo('GET /api/me/verification/')).toHaveLength(0));
  });
});
