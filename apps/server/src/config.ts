import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Domain, ROLE, type Role, type ServiceLevelHours } from '@eta/shared';
import { type BusinessConfig, businessFrom } from './business-config.ts';
import { envSchema } from './env-schema.ts';
import type { packLimitsFrom } from './pack-limits-config.ts';
import { type SiteConfig, siteFor, siteSettings } from './site-config.ts';
import { type StorageConfig, withCredentials } from './storage-config.ts';

export { DEFAULT_WEB_DIST } from './env-schema-runtime.ts';
export type { SiteConfig };

/** The environment as given: process.env, or a test's own. */
export type Env = Record<string, string | undefined>;

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
  /** DESIGN §26: Stripe's secret key (null: refunds are only marked) and where its calls go (null: Stripe's own) */
  stripe: { secretKey: string | null; apiUrl: string | null };
  /** SMTP URL per provider (unset: .eml files in DATA_DIR/mail); supportPhone: the customer service number in mails */
  mail: { cloudUrl: string | null; deliveryUrl: string | null; from: string; supportPhone: string };
  /**
   * DESIGN §25: the mailbox read back (INBOUND_IMAP_URL; null: none), how often it is looked at without
   * IDLE, the folder read messages go to, and the addresses customer mails name for replies and bounces
   */
  inbound: {
    imapUrl: string | null;
    pollSeconds: number;
    doneFolder: string;
    replyTo: string | null;
    bounceAddress: string | null;
  };
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

/** The file DATA_DIR keeps the generated JWT secret in, when JWT_SECRET is unset. */
export const JWT_SECRET_FILE = 'jwt-secret';

/** The JWT secret: from the environment, else generated once and kept in DATA_DIR. */
function jwtSecretFor(
  given: string | null,
  dataDir: string,
  generate: boolean,
): Pick<Config, 'jwtSecret' | 'jwtSecretSource'> {
  if (given) return { jwtSecret: given, jwtSecretSource: 'environment' };
  const file = path.join(dataDir, JWT_SECRET_FILE);
  if (existsSync(file)) return { jwtSecret: readFileSync(file, 'utf8').trim(), jwtSecretSource: 'data-dir' };
  if (!generate) return { jwtSecret: '', jwtSecretSource: 'none' };
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return { jwtSecret: secret, jwtSecretSource: 'data-dir' };
}

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
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((issue) => issue.message));
  const v = parsed.data;
  const ownAddress = () => {
    const host = v.HOST !== '0.0.0.0' && v.HOST !== '::' ? v.HOST : '127.0.0.1';
    return `http://${host.includes(':') ? `[${host}]` : host}:${v.PORT}`;
  };
  const publicDefault = (domain: string) => (options.demo ? ownAddress() : `https://${domain}.example`);
  const publicBaseUrl: Record<Domain, string> = {
    primary: v.PUBLIC_BASE_URL_PRIMARY ?? publicDefault('primary'),
    secondary: v.PUBLIC_BASE_URL_SECONDARY ?? publicDefault('secondary'),
  };
  const config: Config = {
    port: v.PORT,
    workers: v.WORKERS,
    host: v.HOST,
    dataDir: v.DATA_DIR,
    databaseUrl: v.DATABASE_URL,
    pgPreparedStatements: v.PG_PREPARED_STATEMENTS,
    pgListen: v.PG_LISTEN,
    searchThreads: v.SEARCH_THREADS,
    adminEmail: v.ADMIN_EMAIL,
    adminPassword: v.ADMIN_PASSWORD,
    // Generated and written only for a start that will go ahead: the schema found no problem.
    ...jwtSecretFor(v.JWT_SECRET, v.DATA_DIR, options.generateJwtSecret ?? true),
    tokenTtlSeconds: v.TOKEN_TTL_SECONDS,
    ingestApiKey: v.INGEST_API_KEY,
    metricsToken: v.METRICS_TOKEN,
    disputeWebhooks: { stripeSecret: v.STRIPE_WEBHOOK_SECRET, relaySecret: v.DISPUTE_WEBHOOK_SECRET },
    stripe: { secretKey: v.STRIPE_SECRET_KEY, apiUrl: v.STRIPE_API_URL },
    mail: {
      cloudUrl: v.MAIL_CLOUD_URL,
      deliveryUrl: v.MAIL_DELIVERY_URL,
      from: v.MAIL_FROM,
      supportPhone: v.MAIL_SUPPORT_PHONE,
    },
    inbound: {
      imapUrl: v.INBOUND_IMAP_URL,
      pollSeconds: v.INBOUND_POLL_SECONDS,
      doneFolder: v.INBOUND_DONE_FOLDER,
      replyTo: v.INBOUND_REPLY_TO,
      bounceAddress: v.INBOUND_BOUNCE_ADDRESS,
    },
    publicBaseUrl,
    sites: {
      primary: siteFor(siteSettings(v, 'primary'), 'primary', publicBaseUrl.primary),
      secondary: siteFor(siteSettings(v, 'secondary'), 'secondary', publicBaseUrl.secondary),
    },
    domainPrefixes: { primary: v.DOMAIN_PREFIXES_PRIMARY, secondary: v.DOMAIN_PREFIXES_SECONDARY },
    gatewayNames: v.PAYMENT_GATEWAYS,
    retention: {
      imagesDays: v.RETENTION_IMAGES_DAYS,
      documentsDays: v.RETENTION_DOCUMENTS_DAYS,
      personalDays: v.RETENTION_PERSONAL_DAYS,
      auditDays: v.AUDIT_RETENTION_DAYS,
      batch: v.RETENTION_BATCH,
      everyMinutes: v.RETENTION_EVERY_MINUTES,
    },
    serviceLevels: { priority: v.SLA_PRIORITY_HOURS, standard: v.SLA_STANDARD_HOURS },
    claimIdleMinutes: v.CLAIM_IDLE_MINUTES,
    require2fa: v.REQUIRE_2FA ?? (options.demo ? [] : [ROLE.Admin, ROLE.Manager]),
    adminBaseUrl: (v.ADMIN_BASE_URL ?? ownAddress()).replace(/\/+$/, ''),
    rateLimit: {
      loginPerIpPerMinute: v.LOGIN_RATE_LIMIT_PER_IP,
      loginFailuresPerAccount: v.LOGIN_FAILURES_PER_ACCOUNT,
      publicPerIpPerMinute: v.PUBLIC_RATE_LIMIT_PER_IP,
    },
    redis: { url: v.REDIS_URL, prefix: v.REDIS_PREFIX },
    // the schema has checked the credentials go together
    storage: withCredentials(v.STORAGE_URL, v.S3_ACCESS_KEY_ID, v.S3_SECRET_ACCESS_KEY, []),
    orphanSweepHours: v.ORPHAN_SWEEP_HOURS,
    timeouts: { requestMs: v.REQUEST_TIMEOUT_MS, connectionMs: v.CONNECTION_TIMEOUT_MS },
    argon2: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
    webDistDir: v.WEB_DIST_DIR,
    logLevel: v.LOG_LEVEL,
    trustProxy: v.TRUST_PROXY,
    business: businessFrom(v),
    packLimits: v.PACK_LIMITS,
  };
  return Object.freeze(config);
}
