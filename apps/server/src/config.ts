import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AUDIT_RETENTION_DAYS_DEFAULT,
  CLAIM_IDLE_MINUTES_DEFAULT,
  DEFAULT_DOMAIN_PREFIXES,
  DEFAULT_SUPPORT_PHONE,
  type Domain,
  isRole,
  RETENTION_DEFAULT_DAYS,
  ROLE,
  ROLES,
  type Role,
  SERVICE_LEVEL_DEFAULT_HOURS,
  type ServiceLevelHours,
} from '@eta/shared';
import { type BusinessConfig, businessFrom } from './business-config.ts';
import { type Env, int, list, onOff, url } from './config-readers.ts';
import { packLimitsFrom } from './pack-limits-config.ts';
import { type SiteConfig, siteFor } from './site-config.ts';
import { type StorageConfig, storageFrom } from './storage-config.ts';

export type { SiteConfig };

/**
 * The only reader of process.env (DESIGN §3, §4). Every setting is validated here, all errors are
 * listed at once, and the result is frozen: the rest of the app receives a Config and never looks
 * at the environment.
 */
export interface Config {
  port: number;
  /** server processes on this machine (WORKERS; `auto`: one per core); 1: this process serves */
  workers: number;
  host: string;
  dataDir: string;
  /** unset: SQLite file in dataDir; postgres://…: PostgreSQL */
  databaseUrl: string | null;
  /** PostgreSQL: keep named prepared statements per connection (PG_PREPARED_STATEMENTS, default on) */
  pgPreparedStatements: boolean;
  /** PostgreSQL: the staff guard keeps members and hears of changes by LISTEN (PG_LISTEN, default on) */
  pgListen: boolean;
  /** SQLite: threads that run queue searches off the event loop (SEARCH_THREADS, default 1; 0: none) */
  searchThreads: number;
  adminEmail: string | null;
  adminPassword: string | null;
  jwtSecret: string;
  /**
   * where jwtSecret came from: JWT_SECRET, DATA_DIR/jwt-secret (read, or generated there), or
   * nowhere yet (backup and restore read the data folder and never write a new secret into it)
   */
  jwtSecretSource: 'environment' | 'data-dir' | 'none';
  /** lifetime of a staff token in seconds (DESIGN §10: 12 h) */
  tokenTtlSeconds: number;
  ingestApiKey: string | null;
  /** GET /metrics answers only with `Authorization: Bearer {METRICS_TOKEN}`; null: no /metrics at all (DESIGN §19) */
  metricsToken: string | null;
  /** dispute intake (DESIGN §14): Stripe's endpoint signing secret and the relay's HMAC secret; null: that intake refused */
  disputeWebhooks: { stripeSecret: string | null; relaySecret: string | null };
  /** SMTP URL per provider (unset: .eml files in DATA_DIR/mail); supportPhone: the customer service number in mails */
  mail: { cloudUrl: string | null; deliveryUrl: string | null; from: string; supportPhone: string };
  publicBaseUrl: Record<Domain, string>;
  /** landing-site branding of the public pages, per domain (SPEC §2 public routes) */
  sites: Record<Domain, SiteConfig>;
  domainPrefixes: Record<Domain, readonly string[]>;
  /** default gateways offered per domain when the database has none */
  gatewayNames: readonly string[];
  /**
   * DESIGN §16: days images, documents and personal fields are kept after an order is finished
   * (RETENTION_*_DAYS, 0: removed at the next pass), audit rows kept (AUDIT_RETENTION_DAYS), and
   * orders handled per transaction of a pass (RETENTION_BATCH: small, so staff requests never wait long)
   */
  retention: {
    imagesDays: number;
    documentsDays: number;
    personalDays: number;
    auditDays: number;
    batch: number;
    /** the job's period (RETENTION_EVERY_MINUTES); 0: no job (run `npm run retention` from a scheduler instead) */
    everyMinutes: number;
  };
  /**
   * DESIGN §18: hours from an order's arrival to its first document upload, by processing type
   * (SLA_PRIORITY_HOURS, SLA_STANDARD_HOURS); an order keeps the due time it was given on arrival
   */
  serviceLevels: ServiceLevelHours;
  /**
   * DESIGN §18 claim lease: minutes a claim in New, Priority Processing or moveToProcessMarch may go
   * without a write by its holder before it returns to its folder (CLAIM_IDLE_MINUTES); 0: never
   */
  claimIdleMinutes: number;
  /** member types that must sign in with a second factor (REQUIRE_2FA, DESIGN §17) */
  require2fa: readonly Role[];
  /** the staff app's address as members reach it: password reset links point here (ADMIN_BASE_URL) */
  adminBaseUrl: string;
  rateLimit: { loginPerIpPerMinute: number; loginFailuresPerAccount: number; publicPerIpPerMinute: number };
  /**
   * DESIGN §19: REDIS_URL set (redis:// or rediss://): rate limits and failure counts are shared by every
   * instance there, under keys starting with REDIS_PREFIX; null: each process counts its own
   */
  redis: { url: string | null; prefix: string };
  /** DESIGN §19: files under DATA_DIR (STORAGE_URL unset) or in S3-compatible storage (storage-config.ts) */
  storage: StorageConfig;
  /** hours between sweeps of stored files no row names (ORPHAN_SWEEP_HOURS; 0: never) */
  orphanSweepHours: number;
  /**
   * requestMs: the whole request (headers and body) must arrive within it, else 408 (REQUEST_TIMEOUT_MS);
   * connectionMs: a socket silent this long is closed (CONNECTION_TIMEOUT_MS). Without them a client that
   * trickles or stalls a body holds a connection for ever (issue 20,
   * docs/decisions/0152-request-and-connection-time-outs.md).
   */
  timeouts: { requestMs: number; connectionMs: number };
  /** argon2id parameters; tests lower memory to stay fast, production keeps OWASP's */
  argon2: { memoryCost: number; timeCost: number; parallelism: number };
  /** absolute path of the built web app (apps/web/dist) */
  webDistDir: string;
  logLevel: string;
  /** which proxies' X-Forwarded-For to believe: false (none), true (any), a hop count or addresses */
  trustProxy: boolean | number | string[];
  /** who the business is, on defence letters and invoices (BUSINESS_*, PAYMENT_PROCESSOR_NAME, INVOICE_PREFIX, VAT_*) */
  business: BusinessConfig;
  /** each processor's evidence limits a defence pack must fit (DESIGN §15; PACK_LIMITS) */
  packLimits: ReturnType<typeof packLimitsFrom>;
}

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n- ${problems.join('\n- ')}`);
    this.problems = problems;
  }
}

const HERE = path.dirname(new URL(import.meta.url).pathname);
export const DEFAULT_WEB_DIST = path.resolve(HERE, '../../web/dist');

function workersFrom(raw: string | undefined, problems: string[]): number {
  if (raw === undefined || raw === '') return 1;
  if (raw === 'auto') return os.availableParallelism();
  const n = Number(raw);
  if (Number.isInteger(n) && n >= 1 && n <= 64) return n;
  problems.push(`WORKERS must be a whole number from 1 to 64, or auto (got "${raw}")`);
  return 1;
}
/**
 * TRUST_PROXY: the client address is evidence (download log) and the key of the rate limits, so a
 * client-supplied X-Forwarded-For is believed only from proxies the operator names.
 */
function trustProxyFrom(raw: string | undefined): boolean | number | string[] {
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** The file DATA_DIR keeps the generated JWT secret in, when JWT_SECRET is unset. */
export const JWT_SECRET_FILE = 'jwt-secret';

/** The JWT secret: from the environment, else generated once and kept in DATA_DIR. */
function jwtSecretFor(env: Env, dataDir: string, generate: boolean): Pick<Config, 'jwtSecret' | 'jwtSecretSource'> {
  const given = env.JWT_SECRET;
  if (given) return { jwtSecret: given, jwtSecretSource: 'environment' };
  const file = path.join(dataDir, JWT_SECRET_FILE);
  if (existsSync(file)) return { jwtSecret: readFileSync(file, 'utf8').trim(), jwtSecretSource: 'data-dir' };
  if (!generate) return { jwtSecret: '', jwtSecretSource: 'none' };
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { jwtSecret: secret, jwtSecretSource: 'data-dir' };
}

/**
 * REQUIRE_2FA: member types, comma-separated ("Admin,Manager", "Night Staff"); set and empty: nobody.
 * Unset: `fallback` (Admin and Manager; `npm run demo` nobody).
 */
function rolesFrom(raw: string | undefined, fallback: readonly Role[], problems: string[]): readonly Role[] {
  if (raw === undefined) return fallback;
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !isRole(name));
  if (unknown.length > 0)
    problems.push(`REQUIRE_2FA names unknown member types: ${unknown.join(', ')} (known: ${ROLES.join(', ')})`);
  return [...new Set(names.filter(isRole))];
}

/** pino's levels, and `silent`. */
const LOG_LEVELS: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
/** `a@b.c`, or `Name <a@b.c>`. */
const MAIL_FROM = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

export interface LoadOptions {
  /**
   * `npm run demo`: with no PUBLIC_BASE_URL_* set, mails link to this app's own address, so the
   * approval mail's "Click here" opens the track page a demo user can actually reach.
   */
  demo?: boolean;
  /**
   * false: a missing DATA_DIR/jwt-secret is not generated (jwtSecret stays empty). `backup` must not
   * leave a new secret in a mistyped DATA_DIR, and `restore` writes the backed-up one there.
   */
  generateJwtSecret?: boolean;
}

export function loadConfig(env: Env = process.env, options: LoadOptions = {}): Config {
  const problems: string[] = [];
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:'], problems);
  const adminEmail = env.ADMIN_EMAIL?.trim() || null;
  if (adminEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(adminEmail)) problems.push('ADMIN_EMAIL is not a valid email');
  const adminPassword = env.ADMIN_PASSWORD || null;
  if (adminPassword && adminPassword.length < 6) problems.push('ADMIN_PASSWORD must be at least 6 characters');
  const ownAddress = () => {
    const host = env.HOST && env.HOST !== '0.0.0.0' && env.HOST !== '::' ? env.HOST : '127.0.0.1';
    return `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT || 3000}`;
  };
  const publicDefault = (domain: string) => (options.demo ? ownAddress() : `https://${domain}.example`);
  const publicBaseUrl: Record<Domain, string> = {
    primary: url(env, 'PUBLIC_BASE_URL_PRIMARY', ['http:', 'https:'], problems) ?? publicDefault('primary'),
    secondary: url(env, 'PUBLIC_BASE_URL_SECONDARY', ['http:', 'https:'], problems) ?? publicDefault('secondary'),
  };
  const config: Config = {
    port: int(env, 'PORT', 3000, problems, 0, 65535),
    workers: workersFrom(env.WORKERS, problems),
    host: env.HOST || '127.0.0.1',
    dataDir,
    databaseUrl,
    pgPreparedStatements: onOff(env, 'PG_PREPARED_STATEMENTS', true, problems),
    pgListen: onOff(env, 'PG_LISTEN', true, problems),
    searchThreads: int(env, 'SEARCH_THREADS', 1, problems, 0, 8),
    adminEmail,
    adminPassword,
    jwtSecret: '',
    jwtSecretSource: 'none',
    tokenTtlSeconds: int(env, 'TOKEN_TTL_SECONDS', 12 * 3600, problems, 60, 30 * 24 * 3600),
    ingestApiKey: env.INGEST_API_KEY || null,
    metricsToken: env.METRICS_TOKEN || null,
    disputeWebhooks: {
      stripeSecret: env.STRIPE_WEBHOOK_SECRET?.trim() || null,
      relaySecret: env.DISPUTE_WEBHOOK_SECRET?.trim() || null,
    },
    mail: {
      cloudUrl: url(env, 'MAIL_CLOUD_URL', ['smtp:', 'smtps:'], problems),
      deliveryUrl: url(env, 'MAIL_DELIVERY_URL', ['smtp:', 'smtps:'], problems),
      from: env.MAIL_FROM || 'eTA Desk <no-reply@etadesk.local>',
      supportPhone: env.MAIL_SUPPORT_PHONE?.trim() || DEFAULT_SUPPORT_PHONE,
    },
    publicBaseUrl,
    sites: {
      primary: siteFor(env, 'primary', publicBaseUrl.primary, problems),
      secondary: siteFor(env, 'secondary', publicBaseUrl.secondary, problems),
    },
    domainPrefixes: {
      primary: list(env.DOMAIN_PREFIXES_PRIMARY, DEFAULT_DOMAIN_PREFIXES.primary),
      secondary: list(env.DOMAIN_PREFIXES_SECONDARY, DEFAULT_DOMAIN_PREFIXES.secondary),
    },
    gatewayNames: list(env.PAYMENT_GATEWAYS, ['Stripe', 'PayPal', 'Worldpay', 'Checkout.com']),
    retention: {
      imagesDays: int(env, 'RETENTION_IMAGES_DAYS', RETENTION_DEFAULT_DAYS.images, problems, 0, 36_500),
      documentsDays: int(env, 'RETENTION_DOCUMENTS_DAYS', RETENTION_DEFAULT_DAYS.documents, problems, 0, 36_500),
      personalDays: int(env, 'RETENTION_PERSONAL_DAYS', RETENTION_DEFAULT_DAYS.personal, problems, 0, 36_500),
      auditDays: int(env, 'AUDIT_RETENTION_DAYS', AUDIT_RETENTION_DAYS_DEFAULT, problems, 0, 36_500),
      batch: int(env, 'RETENTION_BATCH', 100, problems, 1, 10_000),
      everyMinutes: int(env, 'RETENTION_EVERY_MINUTES', 60, problems, 0, 10_080),
    },
    serviceLevels: {
      priority: int(env, 'SLA_PRIORITY_HOURS', SERVICE_LEVEL_DEFAULT_HOURS.priority, problems, 1, 8760),
      standard: int(env, 'SLA_STANDARD_HOURS', SERVICE_LEVEL_DEFAULT_HOURS.standard, problems, 1, 8760),
    },
    // up to 30 days: a longer lease is no lease
    claimIdleMinutes: int(env, 'CLAIM_IDLE_MINUTES', CLAIM_IDLE_MINUTES_DEFAULT, problems, 0, 43_200),
    require2fa: rolesFrom(env.REQUIRE_2FA, options.demo ? [] : [ROLE.Admin, ROLE.Manager], problems),
    adminBaseUrl: (url(env, 'ADMIN_BASE_URL', ['http:', 'https:'], problems) ?? ownAddress()).replace(/\/+$/, ''),
    rateLimit: {
      loginPerIpPerMinute: int(env, 'LOGIN_RATE_LIMIT_PER_IP', 20, problems, 1),
      loginFailuresPerAccount: int(env, 'LOGIN_FAILURES_PER_ACCOUNT', 5, problems, 1),
      publicPerIpPerMinute: int(env, 'PUBLIC_RATE_LIMIT_PER_IP', 30, problems, 1),
    },
    redis: {
      url: url(env, 'REDIS_URL', ['redis:', 'rediss:'], problems),
      prefix: env.REDIS_PREFIX || 'eta:',
    },
    storage: storageFrom(env, problems),
    orphanSweepHours: int(env, 'ORPHAN_SWEEP_HOURS', 24, problems, 0, 8760),
    timeouts: {
      requestMs: int(env, 'REQUEST_TIMEOUT_MS', 60_000, problems, 100, 3_600_000),
      connectionMs: int(env, 'CONNECTION_TIMEOUT_MS', 30_000, problems, 100, 3_600_000),
    },
    argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : DEFAULT_WEB_DIST,
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: trustProxyFrom(env.TRUST_PROXY),
    business: businessFrom(env, problems),
    packLimits: packLimitsFrom(env.PACK_LIMITS, problems),
  };
  if (env.JWT_SECRET && env.JWT_SECRET.length < 32) problems.push('JWT_SECRET must be at least 32 characters');
  // A short shared secret can be guessed offline from one signed request.
  if (env.DISPUTE_WEBHOOK_SECRET?.trim() && env.DISPUTE_WEBHOOK_SECRET.trim().length < 16) {
    problems.push('DISPUTE_WEBHOOK_SECRET must be at least 16 characters');
  }
  // The metrics name routes, queues and pool sizes: a token short enough to guess would hand them out.
  if (env.METRICS_TOKEN && env.METRICS_TOKEN.length < 16) problems.push('METRICS_TOKEN must be at least 16 characters');
  // Printable, no spaces: it starts every key this app writes in Redis (and keys are seen in redis-cli).
  if (!/^[\x21-\x7e]{1,64}$/.test(config.redis.prefix)) {
    problems.push('REDIS_PREFIX must be 1 to 64 printable characters without spaces');
  }
  if (!LOG_LEVELS.includes(config.logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  if (!MAIL_FROM.test(config.mail.from)) {
    problems.push('MAIL_FROM must be an email address, alone or as Name <address>');
  }
  if (config.gatewayNames.length === 0) problems.push('PAYMENT_GATEWAYS must name at least one gateway');
  for (const domain of ['primary', 'secondary'] as const) {
    // SPEC §9: the prefix rule reads an order id's first six characters; a longer prefix never matches.
    const long = config.domainPrefixes[domain].filter((p) => p.length > 6);
    if (long.length > 0) {
      problems.push(`DOMAIN_PREFIXES_${domain.toUpperCase()}: a prefix has at most 6 characters (${long.join(', ')})`);
    }
  }
  // Generated and written only for a start that will go ahead.
  if (problems.length === 0) Object.assign(config, jwtSecretFor(env, dataDir, options.generateJwtSecret ?? true));
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(config);
}
