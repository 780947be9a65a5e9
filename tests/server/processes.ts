import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { PROJECT_ROOT } from '@server/web';
import { withDatabase } from './global-setup';
import { apiClient } from './helpers';

/** A PostgreSQL database for processes to share: a copy of the migrated template, or empty. */
export async function sharedDatabase(opts: { empty?: boolean } = {}) {
  const url = process.env.DATABASE_URL!;
  const template = inject('pgTemplate')!;
  const name = `${template}_${opts.empty ? 'empty' : 'shared'}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(opts.empty ? `create database ${name}` : `create database ${name} template ${template}`);
  return {
    url: withDatabase(url, name),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** A built web app stand-in, so `npm start` serves without running Vite. */
export async function tinyDist(): Promise<string> {
  const dist = path.join(await mkdtemp(path.join(inject('tmpDir'), 'dist-')), 'dist');
  await mkdir(dist, { recursive: true });
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Marketplace</title><div id="root"></div>');
  return dist;
}

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  api: ReturnType<typeof apiClient>;
  /** Every JSON log line so far. */
  logs: Array<Record<string, unknown>>;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  waitForLog(test: (line: Record<string, unknown>) => boolean, timeoutMs?: number): Promise<Record<string, unknown>>;
}

/** `npm start` (server/main.ts) as its own process on a free port, logging JSON. */
export async function startServerProcess(env: Record<string, string>, opts: { readyMs?: number } = {}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(inject('tmpDir'), 'proc-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      NODE_ENV: 'production',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Array<Record<string, unknown>> = [];
  const listeners = new Set<() => void>();
  let stderr = '';
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split('\n');
    buffered = lines.pop()!;
    for (const line of lines) {
      try {
        logs.push(JSON.parse(line));
      } catch {
        /* not a log line */
      }
    }
    for (const wake of listeners) wake();
  });
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      for (const wake of listeners) wake();
      resolve(code);
    }),
  );

  const waitForLog = (test: (line: Record<string, unknown>) => boolean, timeoutMs = 40_000) =>
    new Promise<Record<string, unknown>>((resolve, reject) => {
      const check = () => {
        const found = logs.find(test);
        if (found) {
          done();
          resolve(found);
        } else if (child.exitCode !== null || child.signalCode !== null) {
          done();
          reject(new Error(`server exited (${child.exitCode ?? child.signalCode}) before the awaited log line:\n${stderr}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no such log line within ${timeoutMs} ms:\n${stderr}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        listeners.delete(check);
      };
      listeners.add(check);
      check();
    });

  const ready = await waitForLog((line) => typeof line.msg === 'string' && line.msg.startsWith('ready on http://'), opts.readyMs);
  const baseUrl = /(http:\/\/[\d.]+:\d+)/.exec(String(ready.msg))![1];
  return { child, baseUrl, api: apiClient(baseUrl), logs, exited, waitForLog };
}
