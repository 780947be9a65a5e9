import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { db } from '@/db/db';
import MessageBubble from '@/screens/chat/MessageBubble';
import type { MessageRow } from '@/db/db';
import { message } from './messages';
import { renderPiece, usd } from './render';

function show(row: MessageRow, mine = true) {
  const handlers = { onOpenMedia: vi.fn(), onRetry: vi.fn(), onDiscard: vi.fn() };
  const result = renderPiece(
    <ol>
      <MessageBubble message={row} mine={mine} formatPrice={usd} {...handlers} />
    </ol>,
  );
  return { ...handlers, ...result, item: screen.getByRole('listitem') };
}

describe("a message's attachment, by the extension of its URL (docs/product.md#chat-rules)", () => {
  it.each(['jpeg', 'jpg', 'gif', 'png', 'webp', 'bmp', 'tiff', 'svg', 'PNG'])(
    'shows .%s as a picture that opens full screen',
    async (ext) => {
      const url = `/media/abc.${ext}`;
      const { item, user, onOpenMedia } = show(message({ text: '', image_url: url }));
      // Our own pictures in the 400 px variant when the server can resize them (png, jpeg, webp, gif).
      const resized = /\.(png|jpe?g|webp|gif)$/i.test(url) ? `${url}?w=400` : url;
      expect(item.querySelector('img')?.getAttribute('src')).toBe(resized);
      expect(item.querySelector('video')).toBeNull();
      await user.click(within(item).getByRole('button', { name: 'Open the picture full screen' }));
      expect(onOpenMedia).toHaveBeenCalledWith(url, 'image');
    },
  );

  it.each(['mp4', 'webm', 'ogg', 'mov', 'avi'])('shows .%s as a video with controls', (ext) => {
    const { item } = show(message({ text: '', image_url: `/media/clip.${ext}?v=2` }));
    const video = item.querySelector('video')!;
    expect(video.getAttribute('src')).toBe(`/media/clip.${ext}?v=2`);
    expect(video.hasAttribute('controls')).toBe(true);
    expect(item.querySelector('img')).toBeNull();
  });

  it.each(['pdf', 'docx', 'zip', ''])('offers anything else (%s) as a download link', (ext) => {
    const url = ext ? `/media/quote.${ext}` : '/media/quote';
    const { item } = show(message({ text: '', image_url: url }));
    const link = within(item).getByRole('link', { name: ext ? `quote.${ext}` : 'quote' });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.hasAttribute('download')).toBe(true);
    expect(item.querySelector('img, video')).toBeNull();
  });
});

it("names a file by its name on the sender's device when the server knows it, not by its stored hash", () => {
  const url = '/media/3f2a9c.pdf';
  const { item } = show(message({ text: '', image_url: url, file_name: 'Price list.pdf' }));
  const link = within(item).getByRole('link', { name: 'Price list.pdf' });
  expect(link.getAttribute('download')).toBe('Price list.pdf');
  expect(within(item).queryByText('3f2a9c.pdf')).toBeNull();
});

describe("a message's content", () => {
  it("shows an offer's price in the chosen currency with its text", () => {
    const { item } = show(message({ text: 'My offer', price: '18.00' }));
    expect(item.textContent).toContain('Price offer: $18.00');
    expect(item.textContent).toContain('My offer');
  });

  it('marks mine and theirs apart', () => {
    expect(show(message(), true).item.className).toContain('message--mine');
  });

  it('shows the time it was sent', () => {
    const { item } = show(message({ timestamp: '2026-03-01T10:00:00Z' }), false);
    expect(item.className).toContain('message--theirs');
    expect(item.querySelector('time')?.getAttribute('datetime')).toBe('2026-03-01T10:00:00Z');
  });
});

describe('a message waiting in the outbox', () => {
  it('says it is sending, with the name of a file still to upload', () => {
    const { item } = show(message({ id: -1, pending: 'sending', outboxId: 3, file_name: 'photo.png', client_id: 'c-1' }));
    expect(item.textContent).toContain('Sending…');
    expect(item.textContent).toContain('photo.png');
    expect(within(item).queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('previews a picture from the copy the device keeps until it is uploaded', async () => {
    const picture = new Blob([new Uint8Array([137, 80, 78, 71])], { type: 'image/png' });
    const seq = await db.outbox.add({
      kind: 'message.send',
      target: 'conversation:5',
      client_id: 'c-2',
      payload: {},
      file: picture,
      state: 'pending',
      attempts: 0,
      next_at: 0,
      created_at: Date.now(),
      user_id: 7,
    });
    // happy-dom's object URLs refuse the Blob class fake-indexeddb hands back; a browser's do not.
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/preview');
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { unmount } = show(
      message({ id: -2, text: '', pending: 'sending', outboxId: seq as number, file_name: 'photo.png', client_id: 'c-2' }),
    );
    const preview = await screen.findByRole('img', { name: 'photo.png' });
    expect(preview.getAttribute('src')).toBe('blob:http://localhost/preview');
    expect((created.mock.calls[0][0] as Blob).type).toBe('image/png');
    unmount();
    expect(revoked).toHaveBeenCalledWith('blob:http://localhost/preview');
    vi.restoreAllMocks();
  });

  it('names a file that is not a picture', async () => {
    const seq = await db.outbox.add({
      kind: 'message.send',
      target: 'conversation:5',
      client_id: 'c-3',
      payload: {},
      file: new Blob(['%PDF'], { type: 'application/pdf' }),
      state: 'pending',
      attempts: 0,
      next_at: 0,
      created_at: Date.now(),
      user_id: 7,
    });
    const { item } = show(
      message({ id: -3, text: '', pending: 'sending', outboxId: seq as number, file_name: 'quote.pdf', client_id: 'c-3' }),
    );
    await waitFor(() => expect(item.textContent).toContain('quote.pdf'));
    expect(item.querySelector('img')).toBeNull();
  });

  it('when refused, says why and offers retry and discard', async () => {
    const { item, user, onRetry, onDiscard } = show(
      message({ id: -1, pending: 'failed', outboxId: 3, error: 'This conversation no longer exists.' }),
    );
    const alert = within(item).getByRole('alert');
    expect(alert.textContent).toContain('Failed to send the message. Please try again.');
    expect(alert.textContent).toContain('This conversation no longer exists.');
    await user.click(within(item).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith(3);
    await user.click(within(item).getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledWith(3);
  });

  it('with a file, blames the file once rather than twice', () => {
    const fileMessage = 'Failed to send message. The file might be too large or of an unsupported type.';
    const { item } = show(message({ id: -1, pending: 'failed', outboxId: 4, file_name: 'clip.avi', error: fileMessage }));
    expect(within(item).getByRole('alert').querySelector('p')?.textContent).toBe(fileMessage);
  });
});

describe("a chat file's type and size beside its name", () => {
  it('says the type and the size when the server knows the size', () => {
    const { item } = show(message({ text: '', image_url: '/media/3f2a9c.pdf', file_name: 'Price list.pdf', file_size: 1_234_567 }));
    expect(item.querySelector('.message__file-facts')?.textContent).toBe('PDF file · 1.2 MB');
  });

  it('says the type only for an older message whose size is unknown', () => {
    const { item } = show(message({ text: '', image_url: '/media/3f2a9c.docx', file_name: 'Quote.docx', file_size: null }));
    expect(item.querySelector('.message__file-facts')?.textContent).toBe('DOCX file');
  });

  it('says nothing for a file without an extension and an unknown size', () => {
    const { item } = show(message({ text: '', image_url: '/media/quote' }));
    expect(item.querySelector('.message__file-facts')).toBeNull();
  });
});
