import { useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CHAT_FILE_MAX_BYTES, CHAT_FILE_TYPES, MESSAGE_TEXT_MAX } from '@/shared/messaging';
import { CloseIcon, PaperclipIcon } from '@/components/icons';

export type OfferDirection = 'lower' | 'higher';

interface Props {
  /** Queues the message (text and/or one file); rejects only when the device could not keep it. */
  onSend(input: { text: string; file?: File }): Promise<void>;
  /** The two offer prices (USD) for a buyer in a conversation about a product; null hides the buttons. */
  offers: { lower: string; higher: string } | null;
  onOffer(direction: OfferDirection): Promise<void>;
  formatPrice(usd: string): string;
}

/**
 * The message form (docs/product.md#chat-rules): text and/or one file of an allowed type up to 50 MB, sent
 * only with non-blank text or a file; everything is disabled while a send is being queued.
 * Buyers also get the two one-click offers (docs/product.md#decisions).
 */
export default function Composer({ onSend, offers, onOffer, formatPrice }: Props) {
  const { t } = useLingui();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const errorId = `${id}-error`;
  const offerHint = `${id}-offers`;
  const canSend = !sending && (text.trim() !== '' || file !== null);

  const clearFile = () => {
    setFile(null);
    if (fileInput.current) fileInput.current.value = '';
  };

  const pickFile = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0] ?? null;
    setError(null);
    if (!picked) return;
    if (picked.size > CHAT_FILE_MAX_BYTES) {
      clearFile();
      setError(t`File is too large. Maximum size is 50MB.`);
      return;
    }
    if (!(CHAT_FILE_TYPES as readonly string[]).includes(picked.type)) {
      clearFile();
      const reason = t`This file type is not allowed. Send a JPEG, PNG, GIF or WebP image, an MP4, WebM, MOV or Ogg video, or a PDF.`;
      setError(t`Error: ${reason}`);
      return;
    }
    setFile(picked);
  };

  // While queuing, nothing can be changed; afterwards the text field gets the focus back.
  const run = async (work: () => Promise<void>, onDone?: () => void) => {
    setSending(true);
    setError(null);
    try {
      await work();
      onDone?.();
    } catch {
      setError(
        file
          ? t`Failed to send message. The file might be too large or of an unsupported type.`
          : t`Failed to send the message. Please try again.`,
      );
    } finally {
      setSending(false);
      requestAnimationFrame(() => textArea.current?.focus());
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!canSend) return;
    run(
      () => onSend({ text: text.trim(), file: file ?? undefined }),
      () => {
        setText('');
        clearFile();
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends, Shift+Enter starts a new line (and a composing IME keeps its Enter).
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const lower = offers ? formatPrice(offers.lower) : '';
  const higher = offers ? formatPrice(offers.higher) : '';
  return (
    <form className="composer" onSubmit={submit} aria-label={t`Send a message`}>
      {offers ? (
        // biome-ignore lint/a11y/useSemanticElements: two offer buttons inside the composer form; a nested fieldset would need a legend.
        <div className="composer__offers" role="group" aria-label={t`Price offers`} aria-describedby={offerHint}>
          <button type="button" className="button button--small" disabled={sending} onClick={() => run(() => onOffer('lower'))}>
            {t`Offer 10% less`}
          </button>
          <button type="button" className="button button--small" disabled={sending} onClick={() => run(() => onOffer('higher'))}>
            {t`Offer 10% more`}
          </button>
          <span id={offerHint} className="composer__offer-prices muted">
            {lower} · {higher}
          </span>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="composer__error" role="alert">
          {error}
        </p>
      ) : null}
      {file ? (
        <p className="composer__file">
          <span className="composer__file-name">{file.name}</span>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={clearFile}
            disabled={sending}
            aria-label={t`Remove the file ${file.name}`}
          >
            <CloseIcon width={16} height={16} />
          </button>
        </p>
      ) : null}
      <div className="composer__row">
        <label className={`button button--ghost composer__attach${sending ? ' composer__attach--disabled' : ''}`}>
          <input
            ref={fileInput}
            type="file"
            className="visually-hidden"
            accept={CHAT_FILE_TYPES.join(',')}
            disabled={sending}
            onChange={pickFile}
            aria-label={t`Attach a file`}
            aria-describedby={error ? errorId : undefined}
          />
          <PaperclipIcon />
        </label>
        <label className="visually-hidden" htmlFor={`${id}-text`}>
          <Trans>Message</Trans>
        </label>
        <textarea
          ref={textArea}
          id={`${id}-text`}
          className="composer__text"
          rows={1}
          value={text}
          maxLength={MESSAGE_TEXT_MAX}
          placeholder={t`Type a message…`}
          disabled={sending}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="button button--primary" disabled={!canSend}>
          <Trans>Send</Trans>
        </button>
      </div>
    </form>
  );
}
