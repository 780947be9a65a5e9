import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import ProductFormScreen from '@/screens/products/ProductFormScreen';
import { fakeServer, here, renderScreen, signedInAs, type FakeServer } from '../harness';
import { supplier } from '@tests/web/helpers';
import { makeProduct, page } from './fixtures';

let server: FakeServer;
beforeEach(() => {
  server = fakeServer({ 'GET /api/categories/': { body: page([{ id: 1, name: 'Agriculture & Food' }]) } });
  signedInAs(server, supplier());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const renderEdit = () => renderScreen(<ProductFormScreen />, { path: '/products/5/edit', route: '/products/:id/edit' });
/** A datetime-local value `hours` from now, in the device's time. */
function localIn(hours: number): string {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

describe('flash deal', () => {
  it('starts a deal below the minimum price and ending in the future, then ends it', async () => {
    server.on('GET /api/products/5/', { body: makeProduct({ min_price: '1.00', price: '1.00' }) });
    const ends = new Date(Date.now() + 48 * 3_600_000).toISOString();
    server.on('PATCH /api/products/5/', (call) => {
      const form = call.body as FormData;
      return form.get('price') === ''
        ? { body: makeProduct({ min_price: '1.00', price: '1.00', flash_deal_ends_at: null }) }
        : { body: makeProduct({ min_price: '1.00', price: '0.80', flash_deal_ends_at: ends }) };
    });
    const { user } = renderEdit();
    const dealPrice = await screen.findByLabelText('Deal price (USD)');
    const endsAt = screen.getByLabelText('Deal ends at');
    const start = screen.getByRole('button', { name: 'Start flash deal' });

    await user.click(start);
    expect(screen.getByText('A flash deal needs both a deal price and an end time.')).toBeTruthy();

    await user.type(dealPrice, '1.00');
    await user.type(endsAt, localIn(-2));
    await user.click(start);
    expect(screen.getByText('The deal price must be lower than the minimum price.')).toBeTruthy();
    expect(screen.getByText('The deal must end in the future.')).toBeTruthy();
    expect(document.activeElement).toBe(dealPrice);
    expect(server.callsTo('PATCH /api/products/5/')).toHaveLength(0);

    await user.clear(dealPrice);
    await user.type(dealPrice, '0.80');
    await user.clear(endsAt);
    await user.type(endsAt, localIn(48));
    await user.click(start);
    expect((await screen.findByRole('status')).textContent).toBe('The flash deal has started.');
    const sent = server.callsTo('PATCH /api/products/5/')[0].body as FormData;
    expect([...sent.keys()]).toEqual(['price', 'flash_deal_ends_at']);
    expect(sent.get('price')).toBe('0.80');
    expect(Math.abs(new Date(sent.get('flash_deal_ends_at') as string).getTime() - (Date.now() + 48 * 3_600_000))).toBeLessThan(120_000);
    expect(
      screen.getByText((_, el) => el?.tagName === 'P' && /^On a flash deal at \$0\.80 until .+\.$/.test(el.textContent ?? '')),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'End flash deal' }));
    await waitFor(() => expect(server.callsTo('PATCH /api/products/5/')).toHaveLength(2));
    const ended = server.callsTo('PATCH /api/products/5/')[1].body as FormData;
    expect([ended.get('price'), ended.get('flash_deal_ends_at')]).toEqual(['', '']);
    expect(await screen.findByRole('button', { name: 'Start flash deal' })).toBeTruthy();
  });

  it("shows the server's reason when the deal is refused", async () => {
    server.on('GET /api/products/5/', { body: makeProduct({ min_price: '1.00', price: '1.00' }) });
    server.on('PATCH /api/products/5/', { status: 400, body: { flash_deal_ends_at: ['The deal must end in the future.'] } });
    const { user } = renderEdit();
    await user.type(await screen.findByLabelText('Deal price (USD)'), '0.50');
    await user.type(screen.getByLabelText('Deal ends at'), localIn(1));
    await user.click(screen.getByRole('button', { name: 'Start flash deal' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The deal must end in the future.');
  });
});

/** XMLHttpRequest as the browser runs it, driven by the test: the large-upload path reports progress. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  timeout = 0;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
}

describe('upload progress', () => {
  it('shows the progress of files sent with the form (each under 1 MB, together over it) and saves when it completes', async () => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    server.on('GET /api/products/5/', { body: makeProduct() });
    const { user } = renderEdit();
    const big = new File([new Uint8Array(900_000)], 'big.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Thumbnail (leave empty to keep the current one)'), big);
    await user.upload(
      screen.getByLabelText('Gallery images or videos'),
      new File([new Uint8Array(900_000)], 'more.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0];
    expect([xhr.method, xhr.url, xhr.headers.Authorization]).toEqual(['PATCH', '/api/products/5/', 'Bearer access-token']);
    expect([...(xhr.body as FormData).keys()]).toEqual(['thumbnail', 'images']);
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 900_000, total: 1_800_000 }));
    expect(screen.getByText('Uploading… 50%')).toBeTruthy();
    expect((screen.getByRole('progressbar') as HTMLProgressElement).value).toBe(0.5);

    xhr.status = 200;
    xhr.responseText = JSON.stringify(makeProduct({ thumbnail_url: '/media/big.png' }));
    act(() => xhr.onload?.());
    await waitFor(() => expect(here().path).toBe('/products/5'));
  });
});
