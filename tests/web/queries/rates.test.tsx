import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { db } from '@/db/db';
import { setGuestCurrency, useCurrency } from '@/queries/rates';
import { refreshRates } from '@/sync/pull/rates';
import { AuthProvider } from '@/queries/auth';
import { fakeApi, makeUser, storeSession } from '../helpers';

function Shown() {
  const currency = useCurrency();
  return <p>{`${currency.code} ${currency.formatRange('10.00', '12.50')}`}</p>;
}

describe('rates and the selected currency (docs/product.md#screens, #currency)', () => {
  it('a guest sees USD, then the stored choice at the fetched rate', async () => {
    fakeApi();
    render(
      <AuthProvider>
        <Shown />
      </AuthProvider>,
    );
    expect(await screen.findByText('USD $10.00 ~ $12.50')).toBeTruthy();
    setGuestCurrency('TRY');
    expect(await screen.findByText('TRY 325.00 ₺ ~ 406.25 ₺')).toBeTruthy();
    await db.rates.put({ base: 'USD', rates: { USD: 1, TRY: 40 }, fetched_at: Date.now() });
    expect(await screen.findByText('TRY 400.00 ₺ ~ 500.00 ₺')).toBeTruthy();
  });

  it("the signed-in user's currency wins over the stored choice", async () => {
    setGuestCurrency('EUR');
    storeSession();
    fakeApi({ 'GET /api/me/': () => ({ body: makeUser({ currency: 'NGN' }) }) });
    render(
      <AuthProvider>
        <Shown />
      </AuthProvider>,
    );
    expect(await screen.findByText('NGN ₦14,800.00 ~ ₦18,500.00')).toBeTruthy();
  });

  it('rates are kept an hour; an unreachable rates service leaves the fallback in use', async () => {
    const server = fakeApi({
      'GET /api/rates/latest/USD/': () => ({ body: { base_code: 'USD', conversion_rates: { EUR: 0.9, XOF: 600 } } }),
    });
    await refreshRates();
    await refreshRates();
    expect(server.callsTo('GET', '/api/rates/latest/USD/')).toHaveLength(1);
    expect((await db.rates.get('USD'))?.rates).toEqual({ EUR: 0.9, XOF: 600, USD: 1 });

    await db.rates.clear();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fakeApi({ 'GET /api/rates/latest/USD/': () => ({ status: 503, body: { detail: 'down' } }) });
    await refreshRates();
    expect(await db.rates.get('USD')).toBeUndefined();
    setGuestCurrency('XOF');
    render(
      <AuthProvider>
        <Shown />
      </AuthProvider>,
    );
    expect(await screen.findByText('XOF 6,050.00 CFA ~ 7,562.50 CFA')).toBeTruthy();
    warn.mockRestore();
  });
});
