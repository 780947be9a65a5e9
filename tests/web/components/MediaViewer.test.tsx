import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import MediaViewer, { type ViewerMedia } from '@/components/MediaViewer';
import { renderScreen } from '../screens/harness';

const items: ViewerMedia[] = [
  { url: '/media/a.png', type: 'image', alt: 'Front' },
  { url: '/media/b.mp4', type: 'video', alt: 'Demo clip' },
  { url: '/media/c.png', type: 'image', alt: 'Back' },
];

const dialog = () => screen.getByRole('dialog', { name: 'Media viewer' });

describe('MediaViewer', () => {
  it('shows the chosen image full screen with a download link and puts the focus on Close', () => {
    renderScreen(<MediaViewer items={items} start={2} onClose={() => {}} />);
    expect(dialog().getAttribute('aria-modal')).toBe('true');
    expect(screen.getByRole('img', { name: 'Back' }).getAttribute('src')).toBe('/media/c.png');
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe('/media/c.png');
    expect(download.getAttribute('download')).toBe('c.png');
    expect(screen.getByText('3 of 3')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('plays a video with its controls', () => {
    renderScreen(<MediaViewer items={items} start={1} onClose={() => {}} />);
    const video = dialog().querySelector('video')!;
    expect(video.getAttribute('src')).toBe('/media/b.mp4');
    expect(video.hasAttribute('controls')).toBe(true);
  });

  it('says other types are unsupported and offers no download', () => {
    renderScreen(<MediaViewer items={[{ url: '/media/brochure.pdf', type: 'file' }]} onClose={() => {}} />);
    expect(screen.getByRole('alert').textContent).toBe('Unsupported media type for viewer.');
    expect(screen.queryByRole('link', { name: 'Download' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('moves with the arrow keys and the buttons, wrapping around', () => {
    renderScreen(<MediaViewer items={items} onClose={() => {}} />);
    fireEvent.keyDown(dialog(), { key: 'ArrowLeft' });
    expect(screen.getByRole('img', { name: 'Back' })).toBeTruthy();
    fireEvent.keyDown(dialog(), { key: 'ArrowRight' });
    expect(screen.getByRole('img', { name: 'Front' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('2 of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.getByText('1 of 3')).toBeTruthy();
  });

  it('moves on a swipe of at least 40 px and ignores shorter drags', () => {
    renderScreen(<MediaViewer items={items} onClose={() => {}} />);
    const stage = dialog().querySelector('.media-viewer__stage')!;
    fireEvent.pointerDown(stage, { clientX: 200 });
    fireEvent.pointerUp(stage, { clientX: 170 });
    expect(screen.getByText('1 of 3')).toBeTruthy();
    fireEvent.pointerDown(stage, { clientX: 200 });
    fireEvent.pointerUp(stage, { clientX: 150 });
    expect(screen.getByText('2 of 3')).toBeTruthy();
    fireEvent.pointerDown(stage, { clientX: 100 });
    fireEvent.pointerUp(stage, { clientX: 160 });
    expect(screen.getByText('1 of 3')).toBeTruthy();
  });

  it('closes on Escape and on Close, giving the focus back to the opener', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const onClose = vi.fn();
    const { user, unmount } = renderScreen(<MediaViewer items={items} onClose={onClose} />);
    fireEvent.keyDown(dialog(), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    unmount();
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });

  it('keeps Tab inside the dialog', async () => {
    const { user } = renderScreen(<MediaViewer items={[items[0]]} onClose={() => {}} />);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Download' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });
});
