/**
 * Small wake-up calls between the intents and the engine, without an import cycle: intents
 * call wakePush() after queueing; the engine registers what a wake-up does.
 */
type Handler = () => void;
let pushHandler: Handler | null = null;

export function onWakePush(handler: Handler | null): void {
  pushHandler = handler;
}

export function wakePush(): void {
  pushHandler?.();
}
