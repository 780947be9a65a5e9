import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import Composer from '@/screens/chat/Composer';
import { renderPiece, usd } from './render';

function setup(overrides: Partial<Parameters<typeof Composer>[0]> = {}) {
  const onSend = vi.fn(async () => undefined);
  const onOffer = vi.fn(async () => undefined);
  // applyAccept: false lets a test pick a file the picker would normally filter out.
  const result = renderPiece(<Composer onSend={onSend} onOffer={onOffer} offers={null} formatPrice={usd} {...overrides} />, {
    applyAccept: false,
  });
  return { onSend, onOffer, ...result };
}

const fileOf = (name: string, type: string, size = 10) => {
  const file = new File(['x'.repeat(Math.min(size, 10))], name, { type });
  if (size > 10) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('the message form (docs/product.md#chat-rules)', () => {
  it('sends only non-blank text, trimmed, then clears the field', async () => {
    const { user, onSend } = setup();
    const send = screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    const field = screen.getByLabelText('Message');
    expect(send.disabled).toBe(true);
    await user.type(field, '   ');
    expect(send.disabled).toBe(true);
    await user.type(field, ' Is this in stock? ');
    await user.click(send);
    expect(onSend).toHaveBeenCalledWith({ text: 'Is this in stock?', file: undefined });
    await waitFor(() => expect((field as HTMLTextAreaElement).value).toBe(''));
  });

  it('sends with Enter, and Shift+Enter starts a new line', async () => {
    const { user, onSend } = setup();
    const field = screen.getByLabelText('Message');
    await user.type(field, 'Line one{Shift>}{Enter}{/Shift}line two');
    expect(onSend).not.toHaveBeenCalled();
    await user.type(field, '{Enter}');
    expect(onSend).toHaveBeenCalledWith({ text: 'Line one\nline two', file: undefined });
  });

  it('sends a file alone, and the file can be removed before sending', async () => {
    const { user, onSend } = setup();
    const picker = screen.getByLabelText('Attach a file');
    await user.upload(picker, fileOf('photo.png', 'image/png'));
    expect(screen.getByText('photo.png')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove the file photo.png' }));
    expect(screen.queryByText('photo.png')).toBeNull();
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);

    const pdf = fileOf('offer.pdf', 'application/pdf');
    await user.upload(picker, pdf);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(onSend).toHaveBeenCalledWith({ text: '', file: pdf });
    await waitFor(() => expect(screen.queryByText('offer.pdf')).toBeNull());
  });

  it('refuses a file over 50 MB with the spec message, tied to the picker', async () => {
    const { user, onSend } = setup();
    const picker = screen.getByLabelText('Attach a file');
    await user.upload(picker, fileOf('big.mp4', 'video/mp4', 52_428_801));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('File is too large. Maximum size is 50MB.');
    expect(picker.getAttribute('aria-describedby')).toBe(alert.id);
    expect(screen.queryByText('big.mp4')).toBeNull();
    expect(onSend).not.toHaveBeenCalled();
  });

  it('accepts a file of exactly 50 MB', async () => {
    const { user } = setup();
    await user.upload(screen.getByLabelText('Attach a file'), fileOf('clip.mov', 'video/quicktime', 52_428_800));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('clip.mov')).toBeTruthy();
  });

  it('refuses other types with "Error: {message}"', async () => {
    const { user } = setup();
    await user.upload(screen.getByLabelText('Attach a file'), fileOf('notes.txt', 'text/plain'));
    expect(screen.getByRole('alert').textContent).toMatch(/^Error: This file type is not allowed\./);
  });

  it('is disabled while the message is being queued', async () => {
    let finish: () => void = () => undefined;
    const onSend = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { user } = setup({ onSend });
    const field = screen.getByLabelText('Message') as HTMLTextAreaElement;
    await user.type(field, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(field.disabled).toBe(true);
    expect((screen.getByLabelText('Attach a file') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
    finish();
    await waitFor(() => expect(field.disabled).toBe(false));
  });

  it('keeps the text and says so when the device could not keep the message', async () => {
    const { user } = setup({
      onSend: vi.fn(async () => {
        throw new Error('QuotaExceededError');
      }),
    });
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to send the message. Please try again.');
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('says the file may be the problem when a message with a file could not be sent', async () => {
    const { user } = setup({
      onSend: vi.fn(async () => {
        throw new Error('quota');
      }),
    });
    await user.upload(screen.getByLabelText('Attach a file'), fileOf('photo.png', 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to send message. The file might be too large or of an unsupported type.',
    );
  });
});

describe('the offer buttons (docs/product.md#chat-rules, docs/product.md#decisions)', () => {
  it('are absent without offers (suppliers, conversations without a product)', () => {
    setup();
    expect(screen.queryByRole('button', { name: /^Offer 10%/ })).toBeNull();
  });

  it('show both prices and send the chosen direction', async () => {
    const { user, onOffer } = setup({ offers: { lower: '18.00', higher: '22.00' } });
    const group = screen.getByRole('group', { name: 'Price offers' });
    expect(group.textContent).toContain('$18.00');
    expect(group.textContent).toContain('$22.00');
    await user.click(screen.getByRole('button', { name: 'Offer 10% less' }));
    expect(onOffer).toHaveBeenLastCalledWith('lower');
    await user.click(screen.getByRole('button', { name: 'Offer 10% more' }));
    expect(onOffer).toHaveBeenLastCalledWith('higher');
  });
});
