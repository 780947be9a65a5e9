import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer as createHttpServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { DIST_DIR, PROJECT_ROOT, ensureWebBuilt } from '@server/web';
import { startSmtpSink, type SmtpSink } from '../server/helpers';
import { freePort } from '../ports';

/**
 * The browser suite's world: the real `npm start` on a free port with a fresh data folder,
 * the demo catalogue and a real SMTP sink whose mails the tests read over a loopback HTTP
 * endpoint. The server serves a copy of the web build (WEB_DIST_DIR) so a test can
 * "deploy" a new version into it. Without /usr/bin/chromium every browser test is skipped.
 */
export const CHROMIUM = '/usr/bin/chromium';
const HEALTH_TIMEOUT_MS = 4 * 60_000;

export interface E2eContext {
  /** False when there is no Chromium: every browser test skips. */
  enabled: boolean;
  /** The browser to launch (Debian's; browsers are never downloaded). */
  chromium: string;
  baseUrl: string;
  /** GET `${mailUrl}?to=<address>&after=<count>` → the newest mail to that address ({ raw }), waiting for it. */
  mailUrl: string;
  /** The web build the server serves; a test may replace files in it to deploy a new version. */
  webDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

/** Serves the sink's mails to the test workers, which run in other processes. */
async function startMailEndpoint(smtp: SmtpSink): Promise<{ url: string; server: Server }> {
  const server = createHttpServer(async (request, response) => {
    const query = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams;
    const to = query.get('to') ?? '';
    try {
      const mail = await smtp.waitFor(to, Number(query.get('after') ?? 0), 15_000);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ raw: mail.raw, count: smtp.mails.length }));
    } catch (error) {
      response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: String(error) }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/mail`, server };
}

/** Polls /api/health/ until it answers 200, failing early when the server process ends. */
export async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with code ${child.exitCode}:\n${log()}`);
    const ok = await fetch(`${baseUrl}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`npm start did not answer ${baseUrl}/api/health/ within ${HEALTH_TIMEOUT_MS / 1000} s:\n${log()}`);
}

/** Ends the server's whole process group (npm, tsx, node) that this setup started. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * `npm start` with the demo catalogue on `port`, as a user's shell runs it; `output` is the
 * tail of what it printed, for the error when it does not come up.
 */
export function startDemoServer(opts: { port: number; dataDir: string; webDir: string; smtpUrl?: string }) {
  let output = '';
  const child = spawn('npm', ['start'], {
    cwd: PROJECT_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      // A user's shell, not Vitest's: no NODE_ENV=test or VITEST* flags reach the server.
      ...Object.fromEntries(Object.entries(process.env).filter(([key]) => key !== 'NODE_ENV' && !key.startsWith('VITEST'))),
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      SEED_DEMO: '1',
      ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}),
      WEB_DIST_DIR: opts.webDir,
      LOG_LEVEL: 'warn',
    },
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return { child, output: () => output };
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM)) {
    console.log(`\nBrowser tests SKIPPED: ${CHROMIUM} not found (apt-get install chromium)\n`);
    project.provide('e2e', { enabled: false, chromium: CHROMIUM, baseUrl: '', mailUrl: '', webDir: '' });
    return;
  }

  const startedAt = performance.now();
  // The same build step as `npm start`; the copy is what the server serves from here on.
  await ensureWebBuilt((message) => console.log(`[e2e] ${message}`));
  const workDir = await mkdtemp(path.join(tmpdir(), 'mk-e2e-'));
  const webDir = path.join(workDir, 'web');
  await cp(DIST_DIR, webDir, { recursive: true });

  const smtp = await startSmtpSink();
  const mail = await startMailEndpoint(smtp);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;

  const { child, output } = startDemoServer({ port, dataDir: path.join(workDir, 'data'), webDir, smtpUrl: smtp.url });

  const teardown = async () => {
    await stopServer(child);
    await new Promise<void>((resolve) => mail.server.close(() => resolve()));
    await smtp.close();
    await rm(workDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, child, output);
  } catch (error) {
    await teardown();
    throw error;
  }
  console.log(`[e2e] npm start answered on ${baseUrl}; ready ${Math.round(performance.now() - startedAt)} ms after the setup began`);
  project.provide('e2e', { enabled: true, chromium: CHROMIUM, baseUrl, mailUrl: mail.url, webDir });
  return teardown;
}
