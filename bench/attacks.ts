/**
 * `npx tsx bench/attacks.ts`: what one anonymous client on the same machine can do to everyone
 * else. The server runs as `npm start` does (its own process, embedded database, demo
 * catalogue) on loopback; the attacker speaks from 127.0.0.2, the people measured from
 * 127.0.0.1 (the per-address limits see two clients). For each attack, run for ATTACK_SECONDS
 * (10) on a freshly started server, it prints sign-in p99 and health p95 (targets: < 1 s and
 * < 100 ms), with what the attack itself got:
 * - variants: 60 parallel /media/<image>?w= requests, again as each ends, over a stored GIF bomb
 *   (2000×2000 × 64 frames, as stored before uploads were checked for it) and six 36-megapixel
 *   pictures (the largest allowed) in three widths;
 * - slow connections: 300 connections trickling their headers, a line a second, re-opened when closed;
 * - unique reads: 50 connections reading product lists with unique searches and junk parameters;
 * - unique pages: 50 connections asking for server-rendered search pages (HTML) with unique words,
 *   each a render the cache cannot answer (server/web/landing.ts rations them);
 * - OTP flood: 50 connections asking for codes to random addresses.
 * Bounded: about a minute and a half in all. Nothing leaves the machine.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { DEMO_PASSWORD, DEMO_SUPPLIER_EMAIL } from '../server/seed/data';
import { PROJECT_ROOT } from '../server/web';
import { freePort } from '../tests/ports';

const SECONDS = Number(process.env.ATTACK_SECONDS ?? 10);
const ME = '127.0.0.1';
const ATTACKER = '127.0.0.2';
const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-attacks-'));
// ATTACK_WEB_DIST=dist serves the built app with its server render (the pages attack then
// meets the render ration); by default a bare index.html, so no page is rendered.
const dist = process.env.ATTACK_WEB_DIST ? path.resolve(process.env.ATTACK_WEB_DIST) : path.join(dataDir, 'dist');
if (!process.env.ATTACK_WEB_DIST) {
  mkdirSync(dist, { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Marketplace</title>');
}

interface Answer {
  status: number;
  ms: number;
  body: string;
}

function call(base: string, agent: Agent, method: string, url: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve) => {
    const req = request(
      new URL(url, base),
      { method, agent, headers: payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {} },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, body: text }));
        res.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started, body: '' }));
    req.setTimeout(30_000, () => req.destroy());
    req.end(payload);
  });
}

const agentFrom = (localAddress: string, maxSockets: number) => new Agent({ keepAlive: true, maxSockets, localAddress });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const quantile = (values: number[], q: number) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const fmt = (ms: number) => (Number.isNaN(ms) ? 'n/a' : `${Math.round(ms)} ms`);
const tally = (statuses: number[]) => {
  const counts = new Map<number, number>();
  for (const s of statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${n}×${s === 0 ? 'closed' : s}`).join(' ');
};

async function startServer(): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), HOST: ME, DATA_DIR: dataDir, WEB_DIST_DIR: dist, LOG_LEVEL: 'warn', LOG_FORMAT: 'json' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://${ME}:${port}`;
  const agent = agentFrom(ME, 1);
  for (let i = 0; i < 1200; i++) {
    if ((await call(base, agent, 'GET', '/api/health/ready/')).status === 200) return { base, child };
    await sleep(100);
  }
  throw new Error('the server did not start');
}

async function stopServer(child: ChildProcess) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  child.kill('SIGKILL');
}

/** Signs in one after another and reads health one after another, from 127.0.0.1, until `stop`. */
async function measurePeople(base: string, stop: () => boolean) {
  const signIns: number[] = [];
  const health: number[] = [];
  const failures: number[] = [];
  const signInAgent = agentFrom(ME, 1);
  const healthAgent = agentFrom(ME, 1);
  await Promise.all([
    (async () => {
      while (!stop()) {
        const a = await call(base, signInAgent, 'POST', '/api/auth/login/', { email: DEMO_SUPPLIER_EMAIL, password: DEMO_PASSWORD });
        signIns.push(a.ms);
        if (a.status !== 200) failures.push(a.status);
      }
    })(),
    (async () => {
      while (!stop()) {
        const a = await call(base, healthAgent, 'GET', '/api/health/');
        health.push(a.ms);
        if (a.status !== 200) failures.push(a.status);
        await sleep(20);
      }
    })(),
  ]);
  signInAgent.destroy();
  healthAgent.destroy();
  return { signIns, health, failures };
}

type Attack = (base: string, stop: () => boolean) => Promise<string>;

/** Images as an older server stored them: a GIF bomb and six 36-megapixel pictures. */
async function storeHeavyImages(): Promise<string[]> {
  const media = path.join(dataDir, 'media');
  mkdirSync(media, { recursive: true });
  const word = (n: number) => Buffer.from([n & 0xff, n >> 8]);
  const frames = Array.from({ length: 64 }, () =>
    Buffer.concat([Buffer.from('21f904040a000000', 'hex'), Buffer.from('2c000000000100010000', 'hex'), Buffer.from('02024c0100', 'hex')]),
  );
  const bomb = Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    word(2000),
    word(2000),
    Buffer.from([0x80, 0, 0, 0, 0, 0, 0xff, 0xff, 0xff]),
    Buffer.from('21ff0b4e45545343415045322e300301000000', 'hex'),
    ...frames,
    Buffer.from([0x3b]),
  ]);
  const files = [{ bytes: bomb, ext: 'gif' }];
  for (let i = 0; i < 6; i++) {
    const bytes = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: { r: 40 * i, g: 90, b: 200 - 20 * i } } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    files.push({ bytes, ext: 'png' });
  }
  return files.map(({ bytes, ext }) => {
    const name = `${createHash('sha256').update(bytes).digest('hex')}.${ext}`;
    writeFileSync(path.join(media, name), bytes);
    return name;
  });
}

let heavyImages: string[] = [];

const variants: Attack = async (base, stop) => {
  const agent = agentFrom(ATTACKER, 60);
  const statuses: number[] = [];
  const times: number[] = [];
  const targets = heavyImages.flatMap((name) => [200, 400, 800].map((w) => `/media/${name}?w=${w}`));
  let next = 0;
  await Promise.all(
    Array.from({ length: 60 }, async () => {
      while (!stop()) {
        const a = await call(base, agent, 'GET', targets[next++ % targets.length]);
        statuses.push(a.status);
        times.push(a.ms);
      }
    }),
  );
  agent.destroy();
  return `${statuses.length} variant requests (${tally(statuses)}), p50 ${fmt(quantile(times, 0.5))}`;
};

const slowConnections: Attack = async (base, stop) => {
  const { hostname, port } = new URL(base);
  let opened = 0;
  let refusedAtOnce = 0;
  let longest = 0;
  const open = (): Promise<void> =>
    new Promise((resolve) => {
      const started = performance.now();
      opened++;
      const socket = connect({ host: hostname, port: Number(port), localAddress: ATTACKER });
      let drip: NodeJS.Timeout | undefined;
      socket.on('connect', () => {
        socket.write('GET /api/health/ HTTP/1.1\r\nHost: x\r\n');
        drip = setInterval(() => socket.writable && socket.write(`X-Slow-${opened}: a\r\n`), 1000);
      });
      socket.on('error', () => {});
      socket.on('close', () => {
        clearInterval(drip);
        const lived = performance.now() - started;
        if (lived < 200) refusedAtOnce++;
        longest = Math.max(longest, lived);
        resolve();
      });
      const check = setInterval(() => {
        if (stop()) {
          clearInterval(check);
          socket.destroy();
        }
      }, 200);
      socket.on('close', () => clearInterval(check));
    });
  await Promise.all(
    Array.from({ length: 300 }, async () => {
      while (!stop()) {
        await open();
        if (!stop()) await sleep(50);
      }
    }),
  );
  return `${opened} slow connections opened, ${refusedAtOnce} closed at once (per-address cap), longest held ${fmt(longest)}`;
};

const uniqueReads: Attack = async (base, stop) => {
  const agent = agentFrom(ATTACKER, 50);
  const statuses: number[] = [];
  const times: number[] = [];
  await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      while (!stop()) {
        const junk = randomBytes(4).toString('hex');
        const url = i % 2 ? `/api/products/?search=${junk}&limit=${1 + (i % 100)}` : `/api/products/?limit=20&utm=${junk}&offset=${i % 7}`;
        const a = await call(base, agent, 'GET', url);
        statuses.push(a.status);
        times.push(a.ms);
      }
    }),
  );
  agent.destroy();
  return `${statuses.length} unique reads (${tally(statuses)}), p50 ${fmt(quantile(times, 0.5))}`;
};

const otpFlood: Attack = async (base, stop) => {
  const agent = agentFrom(ATTACKER, 50);
  const statuses: number[] = [];
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (!stop()) {
        const a = await call(base, agent, 'POST', '/api/auth/otp/resend/', { email: `x${randomBytes(5).toString('hex')}@example.com` });
        statuses.push(a.status);
      }
    }),
  );
  agent.destroy();
  return `${statuses.length} code requests (${tally(statuses)})`;
};

const uniquePages: Attack = async (base, stop) => {
  const agent = agentFrom(ATTACKER, 50);
  const statuses: number[] = [];
  const times: number[] = [];
  let rendered = 0;
  await Promise.all(
    Array.from({ length: 50 }, async (_, i) => {
      while (!stop()) {
        const junk = randomBytes(4).toString('hex');
        const url = i % 2 ? `/search/${junk}` : `/new-arrivals?utm=${junk}`;
        const a = await call(base, agent, 'GET', url);
        statuses.push(a.status);
        times.push(a.ms);
        if (a.body.includes('data-ssr=')) rendered++;
      }
    }),
  );
  agent.destroy();
  return `${statuses.length} unique pages (${tally(statuses)}, ${rendered} rendered), p50 ${fmt(quantile(times, 0.5))}`;
};

const attacks: Array<[string, Attack | null]> = [
  ['none (baseline)', null],
  ['image variants (60 parallel)', variants],
  ['300 slow connections', slowConnections],
  ['unique-URL reads (50 connections)', uniqueReads],
  ['unique server-rendered pages (50 connections)', uniquePages],
  ['OTP flood (50 connections)', otpFlood],
];

console.log(`Seeding the demo catalogue in ${dataDir}...`);
{
  const { child } = await startServer();
  await stopServer(child);
}
heavyImages = await storeHeavyImages();
const rows: string[] = [];
// ATTACKS=variants,slow,reads,pages,otp runs only those (and the baseline).
const only = process.env.ATTACKS?.split(',');
const keys = ['baseline', 'variants', 'slow', 'reads', 'pages', 'otp'];
for (const [i, [name, attack]] of attacks.entries()) {
  if (only && i > 0 && !only.includes(keys[i])) continue;
  const { base, child } = await startServer();
  const deadline = Date.now() + SECONDS * 1000;
  const stop = () => Date.now() > deadline;
  const attacking = attack ? attack(base, stop) : Promise.resolve('');
  // The attack first gets a second to build up, then the measuring runs beside it.
  await sleep(1000);
  const people = await measurePeople(base, stop);
  const got = await attacking;
  await stopServer(child);
  const line = `| ${name} | ${fmt(quantile(people.signIns, 0.99))} (${people.signIns.length}) | ${fmt(quantile(people.health, 0.95))} (${people.health.length}) | ${people.failures.length ? tally(people.failures) : 'none'} | ${got} |`;
  console.log(line);
  rows.push(line);
}
console.log('\n| attack | sign-in p99 (n) | health p95 (n) | failed for people | the attack got |');
console.log('|---|---|---|---|---|');
for (const row of rows) console.log(row);
console.log('\ntargets: sign-in p99 < 1000 ms, health p95 < 100 ms');
