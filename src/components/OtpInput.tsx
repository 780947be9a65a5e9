import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react/macro';
import { OTP_LENGTH } from '../shared/constants';
import './ui.css';

interface Props {
  /** One entry per box: a single digit or ''. */
  value: string[];
  onChange(value: string[]): void;
  length?: number;
  disabled?: boolean;
  invalid?: boolean;
  /** Id of the element naming the group (e.g. the instructions), and of its error text. */
  labelledBy?: string;
  describedBy?: string;
  /** Puts the cursor in the first box when the input appears. */
  autoFocus?: boolean;
}

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * Single-digit boxes for an emailed code. Only digits are accepted; typing moves to the next
 * box, Backspace in an empty box moves back, and pasting (or the browser's one-time-code
 * autofill) spreads a whole code over the boxes.
 */
export default function OtpInput({ value, onChange, length = OTP_LENGTH, disabled, invalid, labelledBy, describedBy, autoFocus }: Props) {
  const { t } = useLingui();
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(length - 1, index))];
    box?.focus();
    box?.select();
  };

  /** Writes `digits` from box `start` on and puts the cursor after the last one written. */
  const fill = (start: number, digits: string) => {
    const next = Array.from({ length }, (_, i) => value[i] ?? '');
    const from = digits.length >= length ? 0 : start;
    const written = digits.slice(0, length - from);
    for (let i = 0; i < written.length; i++) next[from + i] = written[i];
    onChange(next);
    focusBox(from + written.length);
  };

  const handleChange = (index: number, raw: string) => {
    const previous = value[index] ?? '';
    const digits = digitsOf(raw);
    if (raw === '') {
      const next = Array.from({ length }, (_, i) => value[i] ?? '');
      next[index] = '';
      onChange(next);
      return;
    }
    if (!digits) return; // a letter or symbol: the box keeps what it had
    // Typing into a filled box yields the old digit plus the new one: keep the new one.
    const typed =
      previous && digits.length === previous.length + 1
        ? digits.startsWith(previous)
          ? digits.slice(previous.length)
          : digits[0]
        : digits;
    fill(index, typed);
  };

  const handlePaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = digitsOf(event.clipboardData.getData('text'));
    if (digits) fill(index, digits);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace' && !value[index] && index > 0) {
      event.preventDefault();
      const next = Array.from({ length }, (_, i) => value[i] ?? '');
      next[index - 1] = '';
      onChange(next);
      focusBox(index - 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight' && index < length - 1) {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: the boxes sit inside forms that have their own fieldset and legend.
    <div className="otp-input" role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {Array.from({ length }, (_, index) => {
        const position = index + 1;
        return (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: one box per digit position; positions never move.
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            className="otp-input__box"
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete="one-time-code"
            aria-label={t`Digit ${position} of ${length}`}
            aria-invalid={invalid || undefined}
            value={value[index] ?? ''}
            disabled={disabled}
            // biome-ignore lint/a11y/noAutofocus: the code screen exists to type the code: focus starts in its first box when asked.
            autoFocus={autoFocus && index === 0}
            onChange={(event) => handleChange(index, event.target.value)}
            onPaste={(event) => handlePaste(index, event)}
            onKeyDown={(event) => handleKeyDown(index, event)}
            onFocus={(event) => event.target.select()}
          />
        );
      })}
    </div>
  );
}
