import { sql } from 'kysely';
import { loadConfig } from './config';
import { openDatabase, type Database } from './db';
import { migrateToLatest } from './db/migrate';
import { setModerator } from './services/trust/moderators';

/**
 * Operator commands (docs/product.md#roles-and-permissions), on the database the server uses (DATABASE_URL or DATA_DIR):
 *   npm run admin -- verify-supplier <email>     grant a supplier's trust badge
 *   npm run admin -- unverify-supplier <email>   revoke it
 *   npm run admin -- grant-moderator <email>     give the account the moderator role (docs/api.md#trust-and-safety)
 *   npm run admin -- revoke-moderator <email>    take it back (accounts named in MODERATOR_EMAILS keep it)
 * The badge is shown beside the supplier's name; it gates nothing.
 */

const USAGE =
  'Usage: npm run admin -- verify-supplier <email> | unverify-supplier <email> | grant-moderator <email> | revoke-moderator <email>';

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

if (import.meta.url === `file://${process.argv[1]}`) {
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
