import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import Picture from '@/components/Picture';

/**
 * A picture that cannot be had shows the designed stand-in, never the broken-picture icon —
 * also when its error came before the element was on the page (the offline service worker
 * fails at once, and React drops an update from a component not yet mounted).
 */
describe('Picture', () => {
  afterEach(() => vi.restoreAllMocks());

  it('shows the stand-in when the browser reports the picture failed', async () => {
    render(<Picture src="/media/a.webp?w=200" alt="" fallback={<span>stand-in</span>} />);
    document.querySelector('img')?.dispatchEvent(new Event('error'));
    expect(await screen.findByText('stand-in')).toBeTruthy();
  });

  it('shows the stand-in when the picture was already broken before it was mounted', async () => {
    // A broken picture: complete, no size, and it cannot be decoded.
    vi.spyOn(HTMLImageElement.prototype, 'decode').mockRejectedValue(new Error('EncodingError'));
    render(<Picture src="/media/b.webp?w=200" alt="" fallback={<span>stand-in</span>} />);
    expect(await screen.findByText('stand-in')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
  });

  it('keeps a picture that decodes, with its dominant colour behind it while it loads', async () => {
    render(<Picture src="/media/c.webp?w=200" alt="Kente" tint="#aa3300" fallback={<span>stand-in</span>} />);
    const img = screen.getByRole('img', { name: 'Kente' }) as HTMLImageElement;
    expect(img.style.backgroundColor).toMatch(/#aa3300|rgb\(170, 51, 0\)/);
    await new Promise((resolve) => setTimeout(resolve, 20));
    await waitFor(() => expect(screen.queryByText('stand-in')).toBeNull());
    expect(screen.getByRole('img', { name: 'Kente' })).toBeTruthy();
  });
});
