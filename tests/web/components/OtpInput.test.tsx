import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import OtpInput from '@/components/OtpInput';

/** The input as a screen uses it: it owns the digits and shows them joined. */
function Harness() {
  const [value, setValue] = useState(['', '', '', '', '', '']);
  return (
    <>
      <OtpInput value={value} onChange={setValue} />
      <output data-testid="code">{value.map((d) => d || '_').join('')}</output>
    </>
  );
}

function setup() {
  const user = userEvent.setup();
  render(
    <I18nProvider i18n={i18n}>
      <Harness />
    </I18nProvider>,
  );
  const boxes = screen.getAllByRole('textbox') as HTMLInputElement[];
  const code = () => screen.getByTestId('code').textContent;
  return { user, boxes, code };
}

describe('OtpInput', () => {
  it('labels each box by its position', () => {
    const { boxes } = setup();
    expect(boxes.map((b) => b.getAttribute('aria-label'))).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Digit ${n} of 6`));
  });

  it('accepts digits only', async () => {
    const { user, boxes, code } = setup();
    await user.click(boxes[0]);
    await user.keyboard('a-');
    expect(code()).toBe('______');
    expect(boxes[0].value).toBe('');
    await user.keyboard('7');
    expect(code()).toBe('7_____');
  });

  it('moves to the next box after each digit', async () => {
    const { user, boxes, code } = setup();
    await user.click(boxes[0]);
    await user.keyboard('12');
    expect(document.activeElement).toBe(boxes[2]);
    await user.keyboard('3456');
    expect(code()).toBe('123456');
    expect(boxes.map((b) => b.value)).toEqual(['1', '2', '3', '4', '5', '6']);
  });

  it('moves back and clears the previous box on Backspace in an empty box', async () => {
    const { user, boxes, code } = setup();
    await user.click(boxes[0]);
    await user.keyboard('12');
    expect(document.activeElement).toBe(boxes[2]);
    await user.keyboard('{Backspace}');
    expect(document.activeElement).toBe(boxes[1]);
    expect(code()).toBe('1_____');
  });

  it('fills every box when a whole code is pasted', async () => {
    const { user, boxes, code } = setup();
    await user.click(boxes[2]);
    await user.paste('Code: 654 321');
    expect(code()).toBe('654321');
    expect(boxes.map((b) => b.value)).toEqual(['6', '5', '4', '3', '2', '1']);
  });

  it('ignores a paste without digits', async () => {
    const { user, boxes, code } = setup();
    await user.click(boxes[0]);
    await user.paste('hello');
    expect(code()).toBe('______');
  });
});
