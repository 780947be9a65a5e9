import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNow } from '@/queries/clock';
import { setFirstRender } from '@/queries/firstVisit';

/** A countdown's minutes, as the flash deals and a product page show them. */
function Countdown({ endsAt }: { endsAt: number }) {
  const now = useNow();
  return <span>Ends in {Math.ceil((endsAt - now) / 60_000)} min</span>;
}

afterEach(() => {
  setFirstRender(null);
});

describe('the countdowns’ clock (src/queries/clock.ts)', () => {
  it('hydrates a page rendered minutes ago without a mismatch, then shows the device’s time', async () => {
    const renderedAt = Date.now() - 3 * 60_000;
    const endsAt = renderedAt + 60 * 60_000;
    setFirstRender({ language: 'en', currency: 'USD', rates: null, answers: {}, renderedAt });
    const html = renderToString(<Countdown endsAt={endsAt} />);
    expect(html.replace(/<!-- -->/g, '')).toContain('Ends in 60 min');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Countdown endsAt={endsAt} />, { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    // The render after hydration follows the device's clock: three minutes on.
    expect(container.textContent).toBe('Ends in 57 min');
    container.remove();
  });
});
