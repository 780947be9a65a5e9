import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT, ensureWebBuilt } from '../server/web';
import { freePort } from '../tests/ports';

/**
 * The real server for a benchmark: the built web app, the demo catalogue, a fresh data folder
 * (named after `name`) and PGlite. Waits up to `startMs` for /api/health/; `stop` removes the folder.
 */
export async function startServer(name: string, startMs: number): Promise<{ url: string; stop(): Promise<void> }> {
  await ensureWebBuilt((message) => console.log(message));
  const dataDir = await mkdtemp(path.join(tmpdir(), `${name}-`));
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startMs;
  while (
    !(await fetch(`${url}/api/health/`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
