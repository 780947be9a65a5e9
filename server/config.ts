import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';

/** Everything the server reads from its environment (DESIGN §4), in one typed object. */
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
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port: Number(env.PORT || 3000),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'no-reply@localhost',
    ratesUrl: env.RATES_URL || undefined,
    jwtSecret: env.JWT_SECRET || persistentSecret(dataDir),
    seedDemo: env.SEED_DEMO !== '0',
    publicUrl: env.PUBLIC_URL || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : undefined,
  };
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
