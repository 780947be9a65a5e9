import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { fakeApi, renderApp } from '../helpers';

function goOffline(offline: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

describe('the offline indicator', () => {
  afterEach(() => vi.restoreAllMocks());

  it('appears while the device is offline and goes away when it is back', async () => {
    fakeApi();
    await renderApp('/');
    expect(screen.queryByText('You are offline — showing saved data')).toBeNull();
    act(() => goOffline(true));
    expect(await screen.findByText('You are offline — showing saved data')).toBeTruthy();
    act(() => goOffline(false));
    await waitFor(() => expect(screen.queryByText('You are offline — showing saved data')).toBeNull());
  });

  it('shows at start when the app opens offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    fakeApi();
    await renderApp('/');
    expect(await screen.findByText('You are offline — showing saved data')).toBeTruthy();
  });
});
