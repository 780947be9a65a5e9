import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT, buildWeb } from '@server/web';

/**
 * The previous release (the commit pinned in tests/journeys/previous-release.txt), checked out with
 * `git archive` into a folder of its own and built there, for the upgrade journey to install
 * and run before this code. It reuses this checkout's node_modules when every dependency the
 * release pins is installed here at the same version (the usual case: a release adds more than
 * it changes), else installs its own with `npm ci`. Kept in the temp folder by commit, so a
 * second run on the same machine starts at once.
 */
export interface PreviousRelease {
  commit: string;
  /** Its source tree: the server runs from here. */
  root: string;
  /** Its built web app. */
  webDir: string;
}

export function pinnedCommit(): string {
  const file = path.join(PROJECT_ROOT, 'tests/journeys/previous-release.txt');
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.startsWith('#'));
  if (!line || !/^[0-9a-f]{7,40}$/.test(line)) throw new Error(`${file} names no commit`);
  return line;
}

type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
const pins = (manifest: Manifest) => ({ ...manifest.dependencies, ...manifest.devDependencies });

/** Whether this checkout's node_modules holds every package the release pins, at its version. */
function sharesModules(root: string): boolean {
  const wanted = pins(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Manifest);
  const here = pins(JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as Manifest);
  return Object.entries(wanted).every(([name, version]) => here[name] === version);
}

export async function previousRelease(log: (message: string) => void = console.log): Promise<PreviousRelease> {
  const commit = pinnedCommit();
  const git = (...args: string[]) => execFileSync('git', args, { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
  let full: string;
  try {
    full = git('rev-parse', '--verify', `${commit}^{commit}`);
  } catch {
    throw new Error(`The previous release ${commit} is not in this checkout's git history: the upgrade journey needs it (a full clone).`);
  }
  const root = path.join(tmpdir(), `mk-previous-release-${full.slice(0, 12)}`);
  const webDir = path.join(root, 'dist');
  const built = path.join(root, '.built');
  if (existsSync(built)) return { commit: full, root, webDir };

  const startedAt = performance.now();
  const work = `${root}.${process.pid}`;
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const archive = spawnSync('sh', ['-c', `git archive ${full} | tar -x -C "${work}"`], { cwd: PROJECT_ROOT, stdio: 'inherit' });
  if (archive.status !== 0) throw new Error(`git archive ${full} failed`);
  if (sharesModules(work)) {
    await symlink(path.join(PROJECT_ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  } else {
    log(`[upgrade] ${full.slice(0, 12)} pins other packages: npm ci in ${work}`);
    const install = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: work, stdio: 'inherit' });
    if (install.status !== 0) throw new Error(`npm ci for the previous release ${full} failed`);
  }
  await buildWeb(work);
  await writeFile(path.join(work, '.built'), `${full}\n`);
  await rm(root, { recursive: true, force: true });
  await rename(work, root);
  log(`[upgrade] previous release ${full.slice(0, 12)} built in ${Math.round(performance.now() - startedAt)} ms`);
  return { commit: full, root, webDir };
}
