import type { CDPSession } from 'playwright-core';

/**
 * What the main thread's long tasks were doing, from a V8 sampling profile of the page (the
 * DevTools Protocol's Profiler). A task is a run of samples with no idle one between them; for
 * the longest runs it prints the functions that took the time themselves and the stack seen
 * most often. Run by the phone-profile bench with BENCH_PROFILE=1; an unminified build with
 * names (`npx vite build --minify false --outDir <dir>`, served with WEB_DIST_DIR=<dir>) reads best.
 */

interface Frame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: Frame;
  parent?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export async function startProfile(cdp: CDPSession): Promise<void> {
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
}

const IDLE = new Set(['(idle)', '(program)']);
/** How many functions are printed per run (BENCH_PROFILE_LINES). */
const LINES = Number(process.env.BENCH_PROFILE_LINES ?? 14);
const label = (f: Frame) =>
  `${f.functionName || '(anonymous)'} ${f.url.replace(/^.*\/(assets|src)\//, '$1/').replace(/^https?:\/\/[^/]+\//, '')}:${f.lineNumber + 1}`;

/** Stops the profile and prints the `top` longest busy runs over `overMs`. */
export async function printLongTasks(cdp: CDPSession, overMs = 50, top = 8): Promise<void> {
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  for (const n of profile.nodes) for (const c of n.children ?? []) byId.get(c)!.parent = n.id;
  const stack = (id: number) => {
    const frames: Frame[] = [];
    for (let n = byId.get(id); n; n = n.parent === undefined ? undefined : byId.get(n.parent))
      if (n.callFrame.functionName !== '(root)') frames.push(n.callFrame);
    return frames;
  };
  const runs: Array<{ ms: number; samples: Array<{ id: number; ms: number }> }> = [];
  let current: (typeof runs)[number] | null = null;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const idle = IDLE.has(byId.get(id)?.callFrame.functionName ?? '');
    if (idle) {
      current = null;
      return;
    }
    if (!current) {
      current = { ms: 0, samples: [] };
      runs.push(current);
    }
    current.ms += ms;
    current.samples.push({ id, ms });
  });
  const long = runs.filter((r) => r.ms > overMs).sort((a, b) => b.ms - a.ms);
  console.log(`profile: ${long.length} busy runs over ${overMs} ms`);
  const selfAll = new Map<string, number>();
  for (const run of long) for (const s of run.samples) add(selfAll, label(stack(s.id)[0] ?? byId.get(s.id)!.callFrame), s.ms);
  console.log('  self time over all of them:');
  for (const [name, ms] of [...selfAll].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`    ${Math.round(ms)} ms  ${name}`);
  for (const run of long.slice(0, top)) {
    const inclusive = new Map<string, number>();
    for (const s of run.samples) for (const name of new Set(stack(s.id).map(label))) add(inclusive, name, s.ms);
    console.log(`  a run of ${Math.round(run.ms)} ms; the functions in it longest (inclusive):`);
    for (const [name, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, LINES)) console.log(`    ${Math.round(ms)} ms  ${name}`);
  }
}

function add(map: Map<string, number>, key: string, ms: number) {
  map.set(key, (map.get(key) ?? 0) + ms);
}
