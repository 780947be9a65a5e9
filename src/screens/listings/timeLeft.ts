/** Whole days, hours and minutes until `iso` from `now` (ms); null once it has passed. */
export function timeLeft(iso: string | null, now: number): { days: number; hours: number; minutes: number } | null {
  const end = iso ? Date.parse(iso) : NaN;
  if (!Number.isFinite(end) || end <= now) return null;
  const minutesLeft = Math.ceil((end - now) / 60_000);
  return { days: Math.floor(minutesLeft / 1440), hours: Math.floor((minutesLeft % 1440) / 60), minutes: minutesLeft % 60 };
}
