import { appendFileSync } from 'node:fs';

/**
 * Figures for the one report `npm run bench` writes (bench/run.ts): each benchmark still prints
 * its own lines, and when BENCH_RESULTS names a file it also appends its key figures there, one
 * JSON line each, with the target and the ceiling measured in the same run.
 */
export interface Figure {
  figure: string;
  value: number | null;
  unit: string;
  /** The target, e.g. "≤ 100 KB". */
  target?: string;
  /** Whether the target is met (null: no target). */
  met?: boolean | null;
  /** What the same run measured as the best this machine can do, e.g. a bare Fastify route. */
  ceiling?: string;
}

export function record(bench: string, figures: Figure[]): void {
  const file = process.env.BENCH_RESULTS;
  if (!file) return;
  for (const f of figures) appendFileSync(file, `${JSON.stringify({ bench, met: null, ...f })}\n`);
}
