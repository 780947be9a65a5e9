import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { APP_VERSION, MIN_APP_VERSION } from '../src/shared/app-version';

/** Everything the server reads from its environment (docs/operations.md#configuration), in one typed object. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  ratesUrl?: string;
  jwtSecret: string;
  seedDemo: boolean;
  /** MODERATOR_EMAILS: the accounts holding the moderator role as soon as they exist (docs/api.md#trust-and-safety), lower case. */
  moderatorEmails?: string[];
  /** Absolute public origin for paging links and media URLs; unset, they are relative (never from the Host header). */
  publicUrl?: string;
  logLevel: string;
  /**
   * Which proxies' X-Forwarded-* headers to believe (client address for rate limits, host):
   * none unless TRUST_PROXY names them ("127.0.0.1", "10.0.0.0/8,...", or "true" for any).
   */
  trustProxy: boolean | string;
  /** A built web app to serve instead of dist/ (not rebuilt); the browser tests serve a copy they can redeploy. */
  webDistDir?: string;
  /** Media in an S3-compatible bucket instead of DATA_DIR/media (MEDIA_S3_BUCKET set). */
  mediaS3?: MediaS3Config;
  /** API worker processes (node:cluster); 1 serves in the main process. */
  webConcurrency?: number;
  /** How long a stopping server lets requests in flight finish before it closes them. */
  shutdownGraceMs?: number;
  /** 'pretty' (readable lines) or 'json'; unset, pretty on a terminal and JSON otherwise. */
  logFormat?: 'pretty' | 'json';
  /** Web Push: the VAPID identity and the push services subscriptions may point at; unset, as with no variables. */
  push?: PushConfig;
  /** Mean event-loop delay (ms) above which guests' reads are shed with 503 (lib/load-shedding.ts); 0 turns it off. */
  maxEventLoopLagMs?: number;
  /** MIN_APP_VERSION: the oldest app version the API serves (docs/api.md#app-versions); unset, src/shared/app-version.ts's. */
  minAppVersion?: number;
  /** METRICS_TOKEN: GET /metrics answers only with `Authorization: Bearer <token>`; unset, /metrics is a 404. */
  metricsToken?: string;
  /** BACKUP_DIR and its schedule (docs/operations.md#backups): unset, the server takes no backups itself. */
  backups?: BackupSchedule;
  /** Connection deadlines and the per-address cap (lib/connections.ts); unset fields take its defaults. */
  connections?: Partial<{ headersMs: number; idleMs: number; keepAliveMs: number; perAddress: number }>;
}

/** BACKUP_DIR, BACKUP_INTERVAL_HOURS (24; fractions allowed), BACKUP_KEEP (7 files). */
export interface BackupSchedule {
  dir: string;
  intervalHours: number;
  keep: number;
}

/**
 * VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (base64url, as `web-push generate-vapid-keys` prints
 * them; unset: a pair made once and kept in DATA_DIR/vapid-keys.json), VAPID_SUBJECT (a
 * mailto: or https: contact for the push services; unset: mailto: the MAIL_FROM address),
 * PUSH_ENDPOINT_PREFIXES (comma-separated; unset: the browsers' own push services).
 */
export interface PushConfig {
  vapid: { publicKey: string; privateKey: string; subject: string };
  endpointPrefixes: string[];
}

/**
 * Chrome and other Chromium browsers (FCM), Firefox (Mozilla autopush), Safari (Apple) and
 * Edge on Windows (WNS, whose hosts vary: `*` stands for one DNS label, nothing more).
 */
export const DEFAULT_PUSH_ENDPOINT_PREFIXES = [
  'https://fcm.googleapis.com/',
  'https://updates.push.services.mozilla.com/',
  'https://web.push.apple.com/',
  'https://*.notify.windows.com/',
];

/**
 * MEDIA_S3_BUCKET (required for the driver), MEDIA_S3_ENDPOINT (unset: AWS itself),
 * MEDIA_S3_REGION (us-east-1), MEDIA_S3_ACCESS_KEY_ID / MEDIA_S3_SECRET_ACCESS_KEY (unset:
 * the SDK's usual credential chain: AWS_* variables, instance roles), MEDIA_S3_PREFIX (key
 * prefix, e.g. "media/"), MEDIA_S3_FORCE_PATH_STYLE (1 by default with an endpoint, as MinIO
 * and most S3-compatible servers want).
 */
export interface MediaS3Config {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  prefix: string;
  forcePathStyle: boolean;
}

/** Where the data lives: read without writing anything (a restore wants an empty DATA_DIR: server/admin.ts). */
export function readStorage(env: NodeJS.ProcessEnv = process.env): Pick<Config, 'dataDir' | 'databaseUrl' | 'mediaS3'> {
  return { dataDir: path.resolve(env.DATA_DIR || './data'), databaseUrl: env.DATABASE_URL || undefined, mediaS3: readMediaS3(env) };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const storage = readStorage(env);
  const dataDir = storage.dataDir;
  mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT || 3000),
    host: env.HOST || '127.0.0.1',
    ...storage,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'no-reply@localhost',
    ratesUrl: env.RATES_URL || undefined,
    jwtSecret: env.JWT_SECRET || persistentSecret(dataDir),
    seedDemo: env.SEED_DEMO !== '0',
    moderatorEmails: readEmails(env.MODERATOR_EMAILS),
    publicUrl: env.PUBLIC_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
    webConcurrency: readConcurrency(env),
    shutdownGraceMs: Number(env.SHUTDOWN_GRACE_MS || 10_000),
    maxEventLoopLagMs: env.MAX_EVENT_LOOP_LAG_MS ? Number(env.MAX_EVENT_LOOP_LAG_MS) : undefined,
    connections: env.MAX_CONNECTIONS_PER_ADDRESS ? { perAddress: Number(env.MAX_CONNECTIONS_PER_ADDRESS) } : undefined,
    logFormat: env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : process.stdout.isTTY ? 'pretty' : 'json',
    push: readPush(env, dataDir),
    minAppVersion: readMinAppVersion(env.MIN_APP_VERSION),
    metricsToken: env.METRICS_TOKEN || undefined,
    backups: readBackupSchedule(env),
  };
}

/**
 * BACKUP_DIR turns the schedule on; a wrong value stops the server at start with a message
 * rather than leaving it without the backups the operator asked for.
 */
export function readBackupSchedule(env: NodeJS.ProcessEnv): BackupSchedule | undefined {
  if (!env.BACKUP_DIR) {
    if (env.BACKUP_INTERVAL_HOURS || env.BACKUP_KEEP)
      throw new Error('BACKUP_INTERVAL_HOURS and BACKUP_KEEP need BACKUP_DIR (where to keep the backups)');
    return undefined;
  }
  const intervalHours = Number(env.BACKUP_INTERVAL_HOURS || 24);
  if (!Number.isFinite(intervalHours) || intervalHours <= 0) {
    throw new Error(`BACKUP_INTERVAL_HOURS must be a number of hours above 0 (got ${env.BACKUP_INTERVAL_HOURS})`);
  }
  const keep = Number(env.BACKUP_KEEP || 7);
  if (!Number.isInteger(keep) || keep < 1) throw new Error(`BACKUP_KEEP must be a whole number from 1 (got ${env.BACKUP_KEEP})`);
  return { dir: path.resolve(env.BACKUP_DIR), intervalHours, keep };
}

/**
 * MIN_APP_VERSION raises the oldest app version served without a release (docs/operations.md#releases-and-compatibility):
 * a whole number from the code's minimum up to this build's own version, since a minimum above
 * it would refuse the very app this server hands out.
 */
export function readMinAppVersion(value: string | undefined): number {
  if (!value) return MIN_APP_VERSION;
  const asked = Number(value);
  if (!Number.isInteger(asked) || asked < MIN_APP_VERSION || asked > APP_VERSION) {
    throw new Error(`MIN_APP_VERSION must be a whole number from ${MIN_APP_VERSION} to ${APP_VERSION} (this build's app version)`);
  }
  return asked;
}

export function readPush(env: NodeJS.ProcessEnv, dataDir: string): PushConfig {
  const prefixes = (env.PUSH_ENDPOINT_PREFIXES ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const mail = /<([^>]+)>/.exec(env.MAIL_FROM ?? '')?.[1] ?? (env.MAIL_FROM || 'no-reply@localhost');
  return {
    vapid: { ...vapidKeys(env, dataDir), subject: env.VAPID_SUBJECT || `mailto:${mail.trim()}` },
    endpointPrefixes: prefixes.length > 0 ? prefixes : DEFAULT_PUSH_ENDPOINT_PREFIXES,
  };
}

/** From the environment when several processes or hosts share it, else made once and kept in DATA_DIR. */
function vapidKeys(env: NodeJS.ProcessEnv, dataDir: string): { publicKey: string; privateKey: string } {
  if (env.VAPID_PUBLIC_KEY || env.VAPID_PRIVATE_KEY) {
    if (!env.VAPID_PUBLIC_KEY || !env.VAPID_PRIVATE_KEY) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
    return { publicKey: env.VAPID_PUBLIC_KEY.trim(), privateKey: env.VAPID_PRIVATE_KEY.trim() };
  }
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  // A P-256 pair as VAPID wants it: the uncompressed public point and the private scalar, base64url.
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

function readMediaS3(env: NodeJS.ProcessEnv): MediaS3Config | undefined {
  if (!env.MEDIA_S3_BUCKET) return undefined;
  const endpoint = env.MEDIA_S3_ENDPOINT || undefined;
  return {
    bucket: env.MEDIA_S3_BUCKET,
    endpoint,
    region: env.MEDIA_S3_REGION || 'us-east-1',
    accessKeyId: env.MEDIA_S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.MEDIA_S3_SECRET_ACCESS_KEY || undefined,
    prefix: env.MEDIA_S3_PREFIX ?? '',
    forcePathStyle: env.MEDIA_S3_FORCE_PATH_STYLE ? env.MEDIA_S3_FORCE_PATH_STYLE !== '0' : Boolean(endpoint),
  };
}

/** The embedded database belongs to one process; with PostgreSQL, one worker per core unless told. */
function readConcurrency(env: NodeJS.ProcessEnv): number {
  if (!env.DATABASE_URL) return 1;
  const asked = Number(env.WEB_CONCURRENCY);
  return Number.isInteger(asked) && asked >= 1 ? asked : availableParallelism();
}

function readTrustProxy(value: string | undefined): boolean | string {
  if (!value || value === 'false' || value === '0') return false;
  return value === 'true' ? true : value;
}

/** A secret generated once and kept in DATA_DIR, so tokens survive restarts without configuration. */
function persistentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A comma-separated list of e-mail addresses, trimmed and lower case. */
export function readEmails(text: string | undefined): string[] {
  return (text ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter((e) => e !== '');
}
