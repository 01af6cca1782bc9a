import os from 'node:os';
import { isRole, ROLES, type Role } from '@eta/shared';
import { z } from 'zod';

/**
 * How one environment variable is read and documented: env-schema.ts builds every field from these,
 * and README's settings table is printed from what each carries (settings-table.ts). A field lists
 * its problems as issues and still gives a value (its fallback), so every problem is told at once.
 */
export interface SettingDoc {
  /** the table's "default" cell, as an operator reads it */
  default: string;
  /** the table's "meaning" cell */
  meaning: string;
  /** the other variables the same row names (the secondary site's twin of a primary setting) */
  with?: readonly string[];
}

/** A field's metadata: its row, or the name of the variable whose row documents it too. */
export type SettingMeta = { setting: SettingDoc } | { rowOf: string };
type Doc = SettingDoc | { rowOf: string };

/** A field before it knows its name: env-schema.ts's `named` gives each its key. */
export type Field<T> = (name: string) => z.ZodType<T, string | undefined>;

/** A variable read by `parse`, which lists problems rather than throwing, each an issue of the field. */
export function field<T>(doc: Doc, parse: (raw: string | undefined, name: string, problems: string[]) => T): Field<T> {
  const meta: SettingMeta = 'rowOf' in doc ? doc : { setting: doc };
  return (name) =>
    z
      .string()
      .optional()
      .transform((raw, ctx) => {
        const problems: string[] = [];
        const value = parse(raw, name, problems);
        for (const message of problems) ctx.issues.push({ code: 'custom', message, input: raw });
        return value;
      })
      .meta(meta);
}

/** A whole number in [min, max]; unset or empty: `fallback`. */
export const int = (doc: Doc, fallback: number, min = 0, max = 1_000_000) =>
  field(doc, (raw, name, problems) => {
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < min || n > max) {
      problems.push(`${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return n;
  });

/** A URL with one of `schemes`; unset or empty: null. */
export const url = (doc: Doc, schemes: string[]) =>
  field(doc, (raw, name, problems): string | null => {
    if (!raw) return null;
    try {
      const u = new URL(raw);
      if (!schemes.includes(u.protocol))
        problems.push(`${name} must start with ${schemes.join(' or ')} (got "${u.protocol}")`);
    } catch {
      problems.push(`${name} is not a valid URL`);
    }
    return raw;
  });

/** `true`/`1` or `false`/`0`; unset or empty: `fallback`. */
export const onOff = (doc: Doc, fallback: boolean) =>
  field(doc, (raw, name, problems) => {
    if (raw === undefined || raw === '') return fallback;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  });

/** A comma-separated list, items trimmed and empty ones dropped; unset or empty: `fallback`. */
export function listOf(raw: string | undefined, fallback: readonly string[]): readonly string[] {
  if (raw === undefined || raw === '') return fallback;
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Text as given; unset or empty: `fallback`. */
export const text = <T extends string | null>(doc: Doc, fallback: T) =>
  field(doc, (raw): string | T => raw || fallback);

/** Text trimmed; unset, empty or blank: `fallback`. */
export const trimmed = <T extends string | null>(doc: Doc, fallback: T) =>
  field(doc, (raw): string | T => raw?.trim() || fallback);

/** Text trimmed, at most `max` characters; unset or blank: null (the business's settings). */
export const bounded = (doc: Doc, max: number) =>
  field(doc, (raw, name, problems) => boundedText(raw, name, max, problems));

export function boundedText(raw: string | undefined, name: string, max: number, problems: string[]): string | null {
  const value = raw?.trim();
  if (!value) return null;
  if (value.length > max) problems.push(`${name} must be at most ${max} characters`);
  return value;
}

/** A secret, unset or at least `min` characters (after trimming when `trim`): a short one can be guessed. */
export const secret = (doc: Doc, min: number, trim = false) =>
  field(doc, (raw, name, problems) => {
    const value = (trim ? raw?.trim() : raw) || null;
    if (value && value.length < min) problems.push(`${name} must be at least ${min} characters`);
    return value;
  });

export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An email address, trimmed; unset or blank: null. */
export const email = (doc: Doc) =>
  field(doc, (raw, name, problems) => {
    const value = raw?.trim() || null;
    if (value && !EMAIL.test(value)) problems.push(`${name} is not a valid email`);
    return value;
  });

/** Order id prefixes of a domain (SPEC §9: the rule reads an id's first six characters; a longer prefix never matches). */
export const prefixes = (doc: Doc, fallback: readonly string[]) =>
  field(doc, (raw, name, problems) => {
    const value = listOf(raw, fallback);
    const long = value.filter((p) => p.length > 6);
    if (long.length > 0) problems.push(`${name}: a prefix has at most 6 characters (${long.join(', ')})`);
    return value;
  });

/**
 * REQUIRE_2FA: member types, comma-separated ("Admin,Manager", "Night Staff"); set and empty: nobody.
 * Unset: undefined, for loadConfig's default (Admin and Manager; `npm run demo` nobody).
 */
export function rolesFrom(raw: string | undefined, name: string, problems: string[]): readonly Role[] | undefined {
  if (raw === undefined) return undefined;
  const names = raw
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !isRole(n));
  if (unknown.length > 0)
    problems.push(`${name} names unknown member types: ${unknown.join(', ')} (known: ${ROLES.join(', ')})`);
  return [...new Set(names.filter(isRole))];
}

/** `a@b.c`, or `Name <a@b.c>`. */
const MAIL_FROM = /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

export function mailFrom(raw: string | undefined, name: string, problems: string[]): string {
  const value = raw || 'eTA Desk <no-reply@etadesk.local>';
  if (!MAIL_FROM.test(value)) problems.push(`${name} must be an email address, alone or as Name <address>`);
  return value;
}

export function gateways(raw: string | undefined, name: string, problems: string[]): readonly string[] {
  const value = listOf(raw, ['Stripe', 'PayPal', 'Worldpay', 'Checkout.com']);
  if (value.length === 0) problems.push(`${name} must name at least one gateway`);
  return value;
}

/** Printable, no spaces: it starts every key this app writes in Redis (and keys are seen in redis-cli). */
export function redisPrefix(raw: string | undefined, name: string, problems: string[]): string {
  const value = raw || 'eta:';
  if (!/^[\x21-\x7e]{1,64}$/.test(value)) problems.push(`${name} must be 1 to 64 printable characters without spaces`);
  return value;
}

/** pino's levels, and `silent`. */
const LOG_LEVELS: readonly string[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function logLevel(raw: string | undefined, name: string, problems: string[]): string {
  const value = raw || 'info';
  if (!LOG_LEVELS.includes(value)) problems.push(`${name} must be one of ${LOG_LEVELS.join(', ')}`);
  return value;
}

export function workersFrom(raw: string | undefined, name: string, problems: string[]): number {
  if (raw === undefined || raw === '') return 1;
  if (raw === 'auto') return os.availableParallelism();
  const n = Number(raw);
  if (Number.isInteger(n) && n >= 1 && n <= 64) return n;
  problems.push(`${name} must be a whole number from 1 to 64, or auto (got "${raw}")`);
  return 1;
}

/**
 * TRUST_PROXY: the client address is evidence (download log) and the key of the rate limits, so a
 * client-supplied X-Forwarded-For is believed only from proxies the operator names.
 */
export function trustProxyFrom(raw: string | undefined): boolean | number | string[] {
  if (!raw || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
