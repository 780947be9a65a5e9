import { NEAR_BOTTOM_PX } from '@/shared/constants';

/** docs/product.md#chat-rules, #constants: the pane follows new messages only when the reader is within 200 px of the bottom. */
export function isNearBottom(el: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>, threshold = NEAR_BOTTOM_PX): boolean {
  return el.scrollHeight - el.scrollTop - el.clientHeight <= threshold;
}

/** How close to the top (px) scrolling has to come before earlier messages are added above. */
export const LOAD_EARLIER_PX = 80;

/** Messages added per step when scrolling back through a long history. */
export const MESSAGES_STEP = 40;
