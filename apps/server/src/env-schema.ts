import path from 'node:path';
import { DEFAULT_DOMAIN_PREFIXES, DEFAULT_SUPPORT_PHONE } from '@eta/shared';
import { z } from 'zod';
import { BUSINESS_FIELDS } from './business-config.ts';
import {
  email,
  field,
  gateways,
  int,
  mailFrom,
  prefixes,
  redisPrefix,
  rolesFrom,
  secret,
  text,
  trimmed,
  url,
} from './env-fields.ts';
import { INBOUND_FIELDS } from './env-schema-inbox.ts';
import { ORDER_FIELDS } from './env-schema-orders.ts';
import { EDGE_FIELDS, RUNTIME_FIELDS } from './env-schema-runtime.ts';
import { SITE_FIELDS } from './site-config.ts';
import { storageFrom, withCredentials } from './storage-config.ts';

/**
 * Every environment variable the server reads (DESIGN §3, §4), in README's order: how each is parsed,
 * its default and what it means. loadConfig reads through it and `npm run settings-table` prints
 * README's settings table from it (config-readme.test.ts holds README to that table).
 */
const FIELDS = {
  PORT: int({ default: '`3000`', meaning: 'HTTP port' }, 3000, 0, 65535),
  HOST: text(
    { default: '`127.0.0.1`', meaning: 'address to listen on (`0.0.0.0` behind a load balancer)' },
    '127.0.0.1',
  ),
  DATA_DIR: field(
    {
      default: '`./data`',
      meaning:
        "SQLite database, generated secrets, backups, and the files (documents, images, invoices, mail files) unless `STORAGE_URL` is set. A relative path is taken from where the command runs: the repository's root for `npm start`, `npm run demo`, `migrate`, `seed`, `import`, `backup` and `restore`",
    },
    (raw) => path.resolve(raw || './data'),
  ),
  DATABASE_URL: url(
    {
      default: 'unset',
      meaning: 'unset: SQLite file `DATA_DIR/eta-desk.sqlite`; `postgres://user:pass@host:5432/db`: PostgreSQL',
    },
    ['postgres:', 'postgresql:'],
  ),
  ADMIN_EMAIL: email({
    default: '`admin@etadesk.local`',
    meaning: "first Admin's email, used only on an empty database",
  }),
  ADMIN_PASSWORD: secret(
    {
      default: 'generated',
      meaning:
        "first Admin's password (at least 6 characters); unset: generated and printed once; one you set is never printed",
    },
    6,
  ),
  JWT_SECRET: secret(
    {
      default: 'generated',
      meaning:
        "secret that signs staff tokens (at least 32 characters); unset: generated once and kept in `DATA_DIR/jwt-secret` (which `npm run backup` archives). Several instances must share one. It also seals members' two-factor secrets: a restored service needs the same one (docs/operations/data.md, Backup and restore)",
    },
    32,
  ),
  TOKEN_TTL_SECONDS: int(
    { default: '`43200`', meaning: 'lifetime of a staff session (12 h)' },
    12 * 3600,
    60,
    30 * 24 * 3600,
  ),
  ...ORDER_FIELDS,
  REQUIRE_2FA: field(
    {
      default: '`Admin,Manager` (`npm run demo`: nobody)',
      meaning:
        'member types that must sign in with a second factor (authenticator app codes); one of them without it is sent to enrol after the password and can use nothing else until they do. Set and empty (`REQUIRE_2FA=`): nobody. Anyone may turn it on for themselves on the Account page',
    },
    rolesFrom,
  ),
  ADMIN_BASE_URL: url(
    {
      default: "this app's own address (`http://{HOST}:{PORT}`)",
      meaning:
        'the staff app\'s address as members reach it (`https://desk.example.com`): "Forgot password?" mails link to `{ADMIN_BASE_URL}/admin/reset-password/…`. Set it in production; the request\'s Host header is never trusted for it',
    },
    ['http:', 'https:'],
  ),
  METRICS_TOKEN: secret(
    {
      default: 'unset',
      meaning:
        'bearer token (at least 16 characters) a Prometheus scraper sends to `GET /metrics` (`Authorization: Bearer …`); unset: `/metrics` does not exist (404). See docs/operations/monitoring.md, Watching it',
    },
    16,
  ),
  INGEST_API_KEY: text(
    { default: 'unset', meaning: 'key the websites send as `X-Api-Key` to push orders; unset: ingestion refused' },
    null,
  ),
  STRIPE_WEBHOOK_SECRET: trimmed(
    {
      default: 'unset',
      meaning:
        'the signing secret (`whsec_…`) of the Stripe webhook endpoint that sends `charge.dispute.*` events to `/api/integrations/disputes/stripe`; unset: that endpoint refuses every event (401). See docs/operations/payments.md, Disputes',
    },
    null,
  ),
  STRIPE_SECRET_KEY: trimmed(
    {
      default: 'unset',
      meaning:
        'a restricted Stripe key (`rk_…`: refunds, disputes and files write, charges read) that turns on refunds, dispute evidence and early fraud warnings through Stripe (DESIGN §26); unset: "Refunded it" marks Stripe-paid orders refunded as for any other gateway. See docs/operations/payments.md, Stripe',
    },
    null,
  ),
  STRIPE_API_URL: url(
    {
      default: "Stripe's own (`https://api.stripe.com`)",
      meaning:
        'where every Stripe call goes, file uploads included (a proxy, or a loopback server in tests): `https://host[:port]`',
    },
    ['http:', 'https:'],
  ),
  DISPUTE_WEBHOOK_SECRET: secret(
    {
      default: 'unset',
      meaning:
        "shared secret (at least 16 characters) of the relay that posts any other processor's disputes to `/api/integrations/disputes`, signed `X-Signature: t={unix},v1={HMAC-SHA256}`; unset: that endpoint refuses every event (401)",
    },
    16,
    true,
  ),
  MAIL_CLOUD_URL: url(
    {
      default: 'unset',
      meaning:
        '`smtp://user:pass@host:port` of the email cloud provider (the default provider); unset: mails are written as `.eml` files under `DATA_DIR/mail` and count as sent',
    },
    ['smtp:', 'smtps:'],
  ),
  MAIL_DELIVERY_URL: url({ default: 'unset', meaning: '`smtp://…` of the email delivery provider; unset: as above' }, [
    'smtp:',
    'smtps:',
  ]),
  MAIL_FROM: field(
    {
      default: '`eTA Desk <no-reply@etadesk.local>`',
      meaning:
        "sender of every mail: an address, or `Name <address>`. A customer's mail comes from this address under its site's name (`SITE_NAME_PRIMARY` / `_SECONDARY`), which signs it; staff mails (password reset) use the name given here",
    },
    mailFrom,
  ),
  MAIL_SUPPORT_PHONE: trimmed(
    {
      default: '`+44 20 7946 0000` (an example number)',
      meaning: 'customer service number printed in the approval mail',
    },
    DEFAULT_SUPPORT_PHONE,
  ),
  ...INBOUND_FIELDS,
  PUBLIC_BASE_URL_PRIMARY: url(
    {
      default: "`https://primary.example` (`npm run demo`: this app's own address)",
      meaning: 'public address of the primary website, where customers reach the track page (track links in mails)',
    },
    ['http:', 'https:'],
  ),
  PUBLIC_BASE_URL_SECONDARY: url(
    {
      default: "`https://secondary.example` (`npm run demo`: this app's own address)",
      meaning: 'public address of the secondary website',
    },
    ['http:', 'https:'],
  ),
  DOMAIN_PREFIXES_PRIMARY: prefixes(
    {
      default: '`UKETA,UK`',
      meaning: "order id prefixes of the primary domain, each at most 6 characters (the rule reads an id's first six)",
    },
    DEFAULT_DOMAIN_PREFIXES.primary,
  ),
  DOMAIN_PREFIXES_SECONDARY: prefixes(
    {
      default: '`UKTA,eTA`',
      meaning: 'order id prefixes of the secondary domain (longest prefix wins; none: primary)',
    },
    DEFAULT_DOMAIN_PREFIXES.secondary,
  ),
  PAYMENT_GATEWAYS: field(
    {
      default: '`Stripe,PayPal,Worldpay,Checkout.com`',
      meaning: 'gateways offered on both domains (at least one); missing ones are added at start',
    },
    gateways,
  ),
  LOGIN_RATE_LIMIT_PER_IP: int({ default: '`20`', meaning: 'sign-in attempts per minute from one address' }, 20, 1),
  LOGIN_FAILURES_PER_ACCOUNT: int(
    {
      default: '`5`',
      meaning:
        'failed sign-ins per account per 15 minutes before it is locked for the rest of the window (wrong sign-in codes: 5 per challenge and per account in 15 minutes, fixed)',
    },
    5,
    1,
  ),
  PUBLIC_RATE_LIMIT_PER_IP: int(
    {
      default: '`30`',
      meaning:
        'requests per minute from one address to each public route (track order, download history, download, download link, branding)',
    },
    30,
    1,
  ),
  REDIS_URL: url(
    {
      default: 'unset',
      meaning:
        '`redis://[:password@]host:6379[/db]` or `rediss://…` (TLS): every rate limit and failure count above (sign-in per address and per account, sign-in codes, reset mails, public routes) is shared by all instances and workers. Unset: each process counts its own. While Redis does not answer each process counts its own again, with one warning in the log (docs/operations/instances.md, Shared limits)',
    },
    ['redis:', 'rediss:'],
  ),
  REDIS_PREFIX: field(
    { default: '`eta:`', meaning: 'start of every key written to Redis, so several apps can share one' },
    redisPrefix,
  ),
  STORAGE_URL: field(
    {
      default: 'unset',
      meaning:
        'unset: files under `DATA_DIR`. `s3://bucket/prefix?endpoint=http://host:9000&region=eu-west-2&forcePathStyle=true`: every file (passport and selfie images, eTA documents, invoices, mail files) is an object of that S3-compatible bucket under that key prefix, streamed both ways; needed for several instances. `endpoint` unset: AWS itself; `region` defaults to `us-east-1`; `forcePathStyle=true` for MinIO, Ceph and most S3-compatible servers (docs/operations/instances.md, Files)',
    },
    storageFrom,
  ),
  S3_ACCESS_KEY_ID: trimmed(
    {
      default: 'unset',
      meaning:
        "the bucket's credentials (both or neither); unset: the AWS SDK's own chain (`AWS_*` variables, instance role, profile)",
      with: ['S3_SECRET_ACCESS_KEY'],
    },
    '',
  ),
  S3_SECRET_ACCESS_KEY: trimmed({ rowOf: 'S3_ACCESS_KEY_ID' }, ''),
  ORPHAN_SWEEP_HOURS: int(
    {
      default: '`24`',
      meaning:
        "hours between sweeps of stored files that no row names (left by a crash between a file's write and its row's commit), removed once 6 hours old; one instance at a time on PostgreSQL; `0`: never",
    },
    24,
    0,
    8760,
  ),
  ...SITE_FIELDS,
  ...EDGE_FIELDS,
  ...BUSINESS_FIELDS,
  ...RUNTIME_FIELDS,
};

/** Each field given its key, so a field names its own variable in its messages. */
function named<F extends Record<string, (name: string) => z.ZodType>>(fields: F): { [K in keyof F]: ReturnType<F[K]> } {
  return Object.fromEntries(Object.entries(fields).map(([name, make]) => [name, make(name)])) as {
    [K in keyof F]: ReturnType<F[K]>;
  };
}

export const ENV_FIELDS = named(FIELDS);

/**
 * The environment schema. Its one rule across fields (the S3 credentials go together) runs whatever
 * else is wrong (`when`), so every problem is still told at once.
 */
export const envSchema = z.object(ENV_FIELDS).superRefine(
  (values, ctx) => {
    const problems: string[] = [];
    withCredentials(values.STORAGE_URL, values.S3_ACCESS_KEY_ID, values.S3_SECRET_ACCESS_KEY, problems);
    for (const message of problems) ctx.addIssue({ code: 'custom', message });
  },
  { when: () => true },
);

export type EnvValues = z.output<typeof envSchema>;
