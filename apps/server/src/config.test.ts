import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

/** one data folder for the file's configs, removed when done (a JWT_SECRET given: nothing is written in it) */
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'eta-config-'));
afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));
const base = () => ({ DATA_DIR, JWT_SECRET: 'x'.repeat(40) });

describe('configuration (DESIGN §4)', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(base());
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.databaseUrl).toBeNull();
    expect(config.ingestApiKey).toBeNull();
    expect(config.trustProxy).toBe(false);
    expect(config.tokenTtlSeconds).toBe(12 * 3600);
    expect(config.workers).toBe(1);
    expect(config.pgPreparedStatements).toBe(true);
    expect(config.pgListen).toBe(true);
    expect(config.searchThreads).toBe(1);
    expect(config.timeouts).toEqual({ requestMs: 60_000, connectionMs: 30_000 });
  });

  it('asks Admin and Manager for a second factor by default, nobody in a demo or when set empty', () => {
    expect(loadConfig(base()).require2fa).toEqual(['Admin', 'Manager']);
    expect(loadConfig(base(), { demo: true }).require2fa).toEqual([]);
    expect(loadConfig({ ...base(), REQUIRE_2FA: '' }).require2fa).toEqual([]);
    expect(loadConfig({ ...base(), REQUIRE_2FA: 'Admin, Night Staff' }).require2fa).toEqual(['Admin', 'Night Staff']);
    expect(loadConfig({ ...base(), REQUIRE_2FA: 'Admin' }, { demo: true }).require2fa).toEqual(['Admin']);
    expect(() => loadConfig({ ...base(), REQUIRE_2FA: 'Admin,Boss' })).toThrow(
      /REQUIRE_2FA names unknown member types: Boss/,
    );
  });

  it('links password resets to ADMIN_BASE_URL, else to the app itself', () => {
    expect(loadConfig({ ...base(), ADMIN_BASE_URL: 'https://desk.example.com/' }).adminBaseUrl).toBe(
      'https://desk.example.com',
    );
    expect(loadConfig({ ...base(), PORT: '3456' }).adminBaseUrl).toBe('http://127.0.0.1:3456');
    expect(() => loadConfig({ ...base(), ADMIN_BASE_URL: 'ftp://desk' })).toThrow(/ADMIN_BASE_URL/);
  });

  it('reads METRICS_TOKEN: unset by default (no /metrics), at least 16 characters when set (DESIGN §19)', () => {
    expect(loadConfig(base()).metricsToken).toBeNull();
    expect(loadConfig({ ...base(), METRICS_TOKEN: 'a'.repeat(16) }).metricsToken).toBe('a'.repeat(16));
    expect(() => loadConfig({ ...base(), METRICS_TOKEN: 'short-token' })).toThrow(
      /METRICS_TOKEN must be at least 16 characters/,
    );
  });

  it('reads CLAIM_IDLE_MINUTES: 240 by default, 0 for never, and refuses nonsense (DESIGN §18)', () => {
    expect(loadConfig(base()).claimIdleMinutes).toBe(240);
    expect(loadConfig({ ...base(), CLAIM_IDLE_MINUTES: '0' }).claimIdleMinutes).toBe(0);
    expect(loadConfig({ ...base(), CLAIM_IDLE_MINUTES: '90' }).claimIdleMinutes).toBe(90);
    for (const value of ['-5', 'four hours', '1.5', '50000']) {
      expect(() => loadConfig({ ...base(), CLAIM_IDLE_MINUTES: value }), value).toThrow(/CLAIM_IDLE_MINUTES/);
    }
  });

  it('reads the request and connection time-outs in milliseconds, and refuses nonsense', () => {
    const config = loadConfig({ ...base(), REQUEST_TIMEOUT_MS: '5000', CONNECTION_TIMEOUT_MS: '2000' });
    expect(config.timeouts).toEqual({ requestMs: 5000, connectionMs: 2000 });
    expect(() => loadConfig({ ...base(), REQUEST_TIMEOUT_MS: '0' })).toThrow(/REQUEST_TIMEOUT_MS/);
    expect(() => loadConfig({ ...base(), CONNECTION_TIMEOUT_MS: 'soon' })).toThrow(/CONNECTION_TIMEOUT_MS/);
  });

  it('reads the service levels in whole hours, 24 for priority and 72 for standard unless set (DESIGN §18)', () => {
    expect(loadConfig(base()).serviceLevels).toEqual({ priority: 24, standard: 72 });
    expect(loadConfig({ ...base(), SLA_PRIORITY_HOURS: '12', SLA_STANDARD_HOURS: '48' }).serviceLevels).toEqual({
      priority: 12,
      standard: 48,
    });
    for (const [key, value] of [
      ['SLA_PRIORITY_HOURS', '0'],
      ['SLA_PRIORITY_HOURS', '1.5'],
      ['SLA_STANDARD_HOURS', 'three days'],
      ['SLA_STANDARD_HOURS', '8761'],
    ]) {
      expect(() => loadConfig({ ...base(), [key as string]: value })).toThrow(new RegExp(key as string));
    }
  });

  it('reads WORKERS as a count or auto, and PG_PREPARED_STATEMENTS and PG_LISTEN as on or off', () => {
    expect(loadConfig({ ...base(), WORKERS: '3' }).workers).toBe(3);
    expect(loadConfig({ ...base(), WORKERS: 'auto' }).workers).toBe(os.availableParallelism());
    expect(loadConfig({ ...base(), PG_PREPARED_STATEMENTS: 'false' }).pgPreparedStatements).toBe(false);
    expect(loadConfig({ ...base(), PG_LISTEN: 'false' }).pgListen).toBe(false);
    expect(loadConfig({ ...base(), SEARCH_THREADS: '0' }).searchThreads).toBe(0);
    expect(loadConfig({ ...base(), SEARCH_THREADS: '2' }).searchThreads).toBe(2);
    for (const [key, value] of [
      ['WORKERS', '0'],
      ['WORKERS', 'two'],
      ['WORKERS', '65'],
      ['PG_PREPARED_STATEMENTS', 'maybe'],
      ['PG_LISTEN', 'sometimes'],
      ['SEARCH_THREADS', '-1'],
      ['SEARCH_THREADS', '9'],
    ]) {
      expect(() => loadConfig({ ...base(), [key as string]: value })).toThrow(new RegExp(key as string));
    }
  });

  it('reads REDIS_URL (redis:// or rediss://) and REDIS_PREFIX, and refuses others (DESIGN §19)', () => {
    expect(loadConfig(base()).redis).toEqual({ url: null, prefix: 'eta:' });
    const shared = loadConfig({ ...base(), REDIS_URL: 'rediss://:pw@cache.internal:6380/2', REDIS_PREFIX: 'desk1:' });
    expect(shared.redis).toEqual({ url: 'rediss://:pw@cache.internal:6380/2', prefix: 'desk1:' });
    expect(loadConfig({ ...base(), REDIS_URL: 'redis://127.0.0.1:6379' }).redis.url).toBe('redis://127.0.0.1:6379');
    expect(() => loadConfig({ ...base(), REDIS_URL: 'http://127.0.0.1:6379' })).toThrow(/REDIS_URL must start with/);
    expect(() => loadConfig({ ...base(), REDIS_URL: 'not a url' })).toThrow(/REDIS_URL is not a valid URL/);
    expect(() => loadConfig({ ...base(), REDIS_PREFIX: 'eta desk:' })).toThrow(/REDIS_PREFIX/);
  });

  it('reads STORAGE_URL and the S3 keys: DATA_DIR unless set, refusing what S3 cannot take (DESIGN §19)', () => {
    expect(loadConfig(base()).storage).toEqual({ kind: 'disk' });
    expect(loadConfig(base()).orphanSweepHours).toBe(24);
    const s3 = loadConfig({
      ...base(),
      STORAGE_URL: 's3://eta-files/desk/prod/?endpoint=http://127.0.0.1:9000&region=eu-west-2&forcePathStyle=true',
      S3_ACCESS_KEY_ID: 'AKIA1',
      S3_SECRET_ACCESS_KEY: 'secret',
      ORPHAN_SWEEP_HOURS: '0',
    });
    expect(s3.storage).toEqual({
      kind: 's3',
      bucket: 'eta-files',
      prefix: 'desk/prod',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-2',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIA1', secretAccessKey: 'secret' },
    });
    expect(s3.orphanSweepHours).toBe(0);
    // AWS itself: its own endpoint and the SDK's credential chain (an instance role)
    expect(loadConfig({ ...base(), STORAGE_URL: 's3://eta-files' }).storage).toMatchObject({
      prefix: '',
      endpoint: null,
      region: 'us-east-1',
      forcePathStyle: false,
      credentials: null,
    });
    const refused: [Record<string, string>, RegExp][] = [
      [{ STORAGE_URL: 'https://bucket.example/x' }, /STORAGE_URL must start with s3:\/\//],
      [{ STORAGE_URL: 's3://Bad_Bucket' }, /not a valid S3 bucket name/],
      [{ STORAGE_URL: 's3://eta-files/desk%20one' }, /prefix may hold/],
      [{ STORAGE_URL: 's3://eta-files?endpoint=ftp://x' }, /endpoint must be an http/],
      [{ STORAGE_URL: 's3://eta-files?forcePathStyle=yes' }, /forcePathStyle must be true or false/],
      [{ STORAGE_URL: 's3://eta-files', S3_ACCESS_KEY_ID: 'AKIA1' }, /set both or neither/],
      [{ ORPHAN_SWEEP_HOURS: 'daily' }, /ORPHAN_SWEEP_HOURS/],
    ];
    for (const [env, message] of refused)
      expect(() => loadConfig({ ...base(), ...env }), message.source).toThrow(message);
  });

  it('lists every problem at once', () => {
    try {
      loadConfig({
        ...base(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'short',
        MAIL_CLOUD_URL: 'http://x',
        LOG_LEVEL: 'verbose',
        MAIL_FROM: 'garbage',
        PAYMENT_GATEWAYS: ',,',
        DOMAIN_PREFIXES_PRIMARY: 'TOOLONGPREFIX',
        DISPUTE_WEBHOOK_SECRET: 'short',
      });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join('\n');
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/DATABASE_URL/);
      expect(problems).toMatch(/MAIL_CLOUD_URL/);
      // Checked whatever else is wrong, not only once the rest is right.
      expect(problems).toMatch(/JWT_SECRET must be at least 32 characters/);
      expect(problems).toMatch(/LOG_LEVEL must be one of/);
      expect(problems).toMatch(/MAIL_FROM must be an email address/);
      expect(problems).toMatch(/PAYMENT_GATEWAYS must name at least one gateway/);
      expect(problems).toMatch(/DOMAIN_PREFIXES_PRIMARY: a prefix has at most 6 characters \(TOOLONGPREFIX\)/);
      expect(problems).toMatch(/DISPUTE_WEBHOOK_SECRET must be at least 16 characters/);
    }
  });

  it('takes a sender alone or with a name', () => {
    expect(loadConfig({ ...base(), MAIL_FROM: 'desk@atlas.example' }).mail.from).toBe('desk@atlas.example');
    expect(loadConfig({ ...base(), MAIL_FROM: 'Atlas Desk <desk@atlas.example>' }).mail.from).toBe(
      'Atlas Desk <desk@atlas.example>',
    );
  });

  it('generates a JWT secret once and keeps it in DATA_DIR', () => {
    const env = { DATA_DIR: path.join(DATA_DIR, 'generated') };
    const first = loadConfig(env).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig(env).jwtSecret).toBe(first);
    expect(loadConfig(env).jwtSecretSource).toBe('data-dir');
  });

  it('generates no JWT secret for a command that must leave DATA_DIR as it is (backup, restore)', () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'eta-config-')), 'not-yet');
    const config = loadConfig({ DATA_DIR: dataDir }, { generateJwtSecret: false });
    expect(config).toMatchObject({ jwtSecret: '', jwtSecretSource: 'none' });
    expect(existsSync(dataDir)).toBe(false);
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }).jwtSecretSource).toBe('environment');
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['true', true],
    ['2', 2],
    ['10.0.0.1, 10.0.0.0/8', ['10.0.0.1', '10.0.0.0/8']],
  ])('reads TRUST_PROXY=%s as %j', (raw, expected) => {
    expect(loadConfig({ ...base(), ...(raw === undefined ? {} : { TRUST_PROXY: raw }) }).trustProxy).toEqual(expected);
  });
});

describe('public addresses in demo mode', () => {
  it('links mails to the app itself in a demo, and to the configured sites otherwise', () => {
    const env = { ...base(), PORT: '3456' };
    expect(loadConfig(env, { demo: true }).publicBaseUrl).toEqual({
      primary: 'http://127.0.0.1:3456',
      secondary: 'http://127.0.0.1:3456',
    });
    expect(loadConfig(env).publicBaseUrl.primary).toBe('https://primary.example');
    const given = { ...env, PUBLIC_BASE_URL_PRIMARY: 'https://uk-eta.example.com' };
    expect(loadConfig(given, { demo: true }).publicBaseUrl.primary).toBe('https://uk-eta.example.com');
  });
});
