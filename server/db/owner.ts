import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The embedded database belongs to the one process that opened it; a second one opening the
 * same folder would write over it. The owner's pid is kept in DATA_DIR/pglite.pid while it is
 * open, so `npm run admin -- backup|restore` can refuse to work under a running server.
 */
const pidFile = (dataDir: string) => path.join(dataDir, 'pglite.pid');

export function claimEmbedded(dataDir: string): () => void {
  writeFileSync(pidFile(dataDir), String(process.pid));
  return () => {
    if (embeddedOwnerPid(dataDir) === process.pid) rmSync(pidFile(dataDir), { force: true });
  };
}

function embeddedOwnerPid(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(pidFile(dataDir), 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Another live process holding the embedded database open, by pid; a file left by a process that died does not count. */
export function embeddedOwner(dataDir: string): number | undefined {
  const pid = embeddedOwnerPid(dataDir);
  if (pid === undefined || pid === process.pid) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
