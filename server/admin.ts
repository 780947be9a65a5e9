import { sql } from 'kysely';
import path from 'node:path';
import { loadConfig, readStorage } from './config';
import { openDatabase, type Database } from './db';
import { migrateToLatest } from './db/migrate';
import { embeddedOwner } from './db/owner';
import type { BackupManifest } from './services/backups/archive';
import { setModerator } from './services/trust/moderators';

/**
 * Operator commands (docs/product.md#roles-and-permissions), on the database the server uses (DATABASE_URL or DATA_DIR):
 *   npm run admin -- verify-supplier <email>     grant a supplier's trust badge
 *   npm run admin -- unverify-supplier <email>   revoke it
 *   npm run admin -- grant-moderator <email>     give the account the moderator role (docs/api.md#trust-and-safety)
 *   npm run admin -- revoke-moderator <email>    take it back (accounts named in MODERATOR_EMAILS keep it)
 *   npm run admin -- backup <file>               the database, media and secrets in one file (docs/operations.md#backups)
 *   npm run admin -- restore <file> [--force]    into an empty DATA_DIR or database; --force replaces what is there
 * The badge is shown beside the supplier's name; it gates nothing.
 */

const USAGE =
  'Usage: npm run admin -- verify-supplier <email> | unverify-supplier <email> | grant-moderator <email> | revoke-moderator <email> | backup <file> | restore <file> [--force]';

const COMMANDS = ['verify-supplier', 'unverify-supplier', 'grant-moderator', 'revoke-moderator'];

export async function setModeratorRole(db: Database, email: string, moderator: boolean): Promise<string> {
  const found = await setModerator(db, email, moderator);
  if (!found) throw new AdminError(`No account with the email ${email}.`);
  return moderator ? `${found} is now a moderator.` : `${found} is no longer a moderator.`;
}

export class AdminError extends Error {}

export async function setSupplierBadge(db: Database, email: string, verified: boolean): Promise<string> {
  const user = await db
    .selectFrom('users')
    .select(['id', 'user_type', 'email'])
    .where(sql`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  if (!user) throw new AdminError(`No account with the email ${email}.`);
  if (user.user_type !== 'SUPPLIER')
    throw new AdminError(`${user.email} is not a supplier account (${user.user_type ?? 'not onboarded yet'}).`);
  const updated = await db
    .updateTable('supplier_profiles')
    .set({ is_verified: verified })
    .where('user_id', '=', user.id)
    .returning('user_id')
    .executeTakeFirst();
  if (!updated) throw new AdminError(`${user.email} has no supplier profile yet.`);
  return verified ? `${user.email} now shows the verified supplier badge.` : `${user.email} no longer shows the verified supplier badge.`;
}

export async function runAdmin(args: string[], db: Database): Promise<string> {
  const [command, email, ...rest] = args;
  if (!email || rest.length > 0 || !COMMANDS.includes(command)) throw new AdminError(USAGE);
  if (command === 'grant-moderator' || command === 'revoke-moderator') return setModeratorRole(db, email, command === 'grant-moderator');
  return setSupplierBadge(db, email, command === 'verify-supplier');
}

const size = (bytes: number) => (bytes < 1e6 ? `${Math.ceil(bytes / 1e3)} kB` : `${(bytes / 1e6).toFixed(1)} MB`);

function describeContents(manifest: BackupManifest): string {
  const database = manifest.database === 'pglite' ? 'the embedded database' : 'the PostgreSQL database';
  const media = manifest.media.included
    ? `${manifest.media.files} media file${manifest.media.files === 1 ? '' : 's'} (${size(manifest.media.bytes)})`
    : 'no media (they are in the bucket)';
  const secrets =
    manifest.secrets.length > 0 ? manifest.secrets.join(', ') : 'no secrets (JWT_SECRET and the VAPID keys come from the environment)';
  return `${database} at migration ${manifest.migration ?? '(none)'}, ${media}, ${secrets}`;
}

/**
 * `backup <file>` and `restore <file> [--force]` (docs/operations.md#backups), on DATA_DIR and
 * DATABASE_URL as the server reads them. They never open the embedded database under a
 * running server (the scheduled backups are taken by the server itself: BACKUP_DIR).
 */
export async function runBackupCommand(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  const [command, file, ...flags] = args;
  const force = flags.includes('--force');
  if (!file || file.startsWith('--') || flags.some((f) => f !== '--force') || (command === 'backup' && force)) throw new AdminError(USAGE);
  const storage = readStorage(env);
  const owner = storage.databaseUrl ? undefined : embeddedOwner(storage.dataDir);
  if (owner !== undefined) {
    throw new AdminError(
      `The server (pid ${owner}) has the embedded database of ${storage.dataDir} open: stop it first (a running server takes its own backups with BACKUP_DIR).`,
    );
  }
  const target = path.resolve(file);
  // Loaded here: the other commands start without the media and archive code.
  const [{ BackupError }, { takeBackup }, { restoreBackup }] = await Promise.all([
    import('./services/backups/archive'),
    import('./services/backups/backup'),
    import('./services/backups/restore'),
  ]);
  try {
    if (command === 'backup') {
      const { databaseUrl } = storage;
      const handle = databaseUrl ? undefined : await openDatabase(storage);
      try {
        const source = handle ? { kind: 'pglite' as const, db: handle.db } : { kind: 'postgres' as const, databaseUrl: databaseUrl ?? '' };
        const result = await takeBackup(source, target, { dataDir: storage.dataDir, mediaInDataDir: !storage.mediaS3 });
        return `Backup written: ${result.file} (${size(result.bytes)}): ${describeContents(result.manifest)}.`;
      } finally {
        await handle?.close();
      }
    }
    const result = await restoreBackup(target, storage, { force });
    const lines = [
      `Restored ${target}, taken ${result.manifest.created_at}: ${describeContents(result.manifest)}.`,
      `Into ${storage.databaseUrl ? `the database of DATABASE_URL and ${storage.dataDir}` : storage.dataDir}.`,
    ];
    if (result.movedAside) lines.push(`What was there before is in ${result.movedAside}: delete it once the restored server is checked.`);
    if (env.JWT_SECRET && result.secrets.includes('jwt-secret')) {
      lines.push('JWT_SECRET is set: sessions from before the backup keep working only if it is the value the backed-up server used.');
    }
    lines.push('Start the server (npm start): a backup from an older release is migrated first.');
    return lines.join('\n');
  } catch (error) {
    if (error instanceof BackupError) throw new AdminError(error.message);
    throw error;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2] === 'backup' || process.argv[2] === 'restore') {
    let code = 0;
    try {
      console.log(await runBackupCommand(process.argv.slice(2)));
    } catch (error) {
      console.error(error instanceof AdminError ? error.message : error);
      code = 1;
    }
    process.exit(code);
  }
  const config = loadConfig();
  const handle = await openDatabase(config);
  let code = 0;
  try {
    await migrateToLatest(handle.db);
    console.log(await runAdmin(process.argv.slice(2), handle.db));
  } catch (error) {
    console.error(error instanceof AdminError ? error.message : error);
    code = 1;
  } finally {
    await handle.close();
  }
  process.exit(code);
}
