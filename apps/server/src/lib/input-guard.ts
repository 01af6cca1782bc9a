import { isUtf8 } from 'node:buffer';
import { INPUT_LIMITS, nulRefused, SERVER_MSG } from '@eta/shared';
import { AppError } from './app-error.ts';

const NUL = '\u0000';
/** How JSON text writes a NUL: a raw one is not JSON, so text without this escape holds none. */
const NUL_ESCAPE = '\\u0000';

/** An object or array met on the walk: its parent and key make the path of a NUL found under it. */
interface Holder {
  value: object;
  parent: Holder | null;
  key: string;
}

const pathOf = (holder: Holder, key: string | number): string => {
  const keys = [String(key)];
  for (let at: Holder | null = holder; at?.parent; at = at.parent) keys.push(at.key);
  return keys.reverse().join('.');
};

/**
 * JSON's objects, and a parsed query's or params' (no prototype, or one that has none, as
 * fast-querystring makes them); never a Buffer or a stream.
 */
const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
};

const tooManyFields = () => AppError.badRequest(SERVER_MSG.tooManyFields);
const nulError = (field: string) => AppError.badRequest(nulRefused(field), { [field || '_']: nulRefused(field) });

/**
 * DESIGN §22, in one walk over parsed input (a body, a query, params, a signed event), before any schema
 * reads it:
 * - an object of more than 1,000 keys, at any depth, refuses the whole input: 400 `Too many fields.`
 *   (zod reports every unknown key, and the reply grew with them);
 * - a NUL in any string or key: 400 naming the first such field (PostgreSQL refuses NUL in text, a 500
 *   wherever a schema let it through).
 * The walk keeps its own stack (the depth is the sender's), looks at each value once and makes a
 * path only for the NUL it reports.
 */
export function inspectInput(input: unknown): void {
  if (typeof input === 'string') {
    if (input.includes(NUL)) throw nulError('');
    return;
  }
  if (typeof input !== 'object' || input === null) return;
  const stack: Holder[] = [{ value: input, parent: null, key: '' }];
  let nulAt: string | null = null;
  while (stack.length > 0) {
    const holder = stack.pop() as Holder;
    const { value } = holder;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i += 1) {
        const child: unknown = value[i];
        if (typeof child === 'object' && child !== null) stack.push({ value: child, parent: holder, key: String(i) });
        else if (nulAt === null && typeof child === 'string' && child.includes(NUL)) nulAt = pathOf(holder, i);
      }
    } else if (isPlainObject(value)) {
      const keys = Object.keys(value);
      if (keys.length > INPUT_LIMITS.fieldsPerLevel) throw tooManyFields();
      for (const key of keys) {
        const child: unknown = (value as Record<string, unknown>)[key];
        if (typeof child === 'object' && child !== null) stack.push({ value: child, parent: holder, key });
        else if (nulAt === null && typeof child === 'string' && child.includes(NUL)) nulAt = pathOf(holder, key);
        if (nulAt === null && key.includes(NUL)) nulAt = pathOf(holder, key);
      }
    }
  }
  if (nulAt !== null) throw nulError(nulAt);
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const OPEN_OBJECT = 0x7b;
const OPEN_ARRAY = 0x5b;
const CLOSE_OBJECT = 0x7d;
const CLOSE_ARRAY = 0x5d;

/** The index of the quote closing the string opened at `open` (one not escaped), or -1. */
function closingQuote(json: string, open: number): number {
  let at = json.indexOf('"', open + 1);
  while (at !== -1) {
    let before = at - 1;
    while (json.charCodeAt(before) === BACKSLASH) before -= 1;
    if ((at - 1 - before) % 2 === 0) return at;
    at = json.indexOf('"', at + 1);
  }
  return -1;
}

/** Whether the text has more than `n` colons: fewer, and no object in it can have more than `n` keys. */
function moreColonsThan(json: string, n: number): boolean {
  let at = json.indexOf(':');
  for (let seen = 0; at !== -1; at = json.indexOf(':', at + 1)) {
    seen += 1;
    if (seen > n) return true;
  }
  return false;
}

/**
 * Whether JSON text holds an object of more than 1,000 keys, read from the text before it is parsed:
 * V8 parses a wide object slowly (80,000 keys in a 1 MB body: about 100 ms), and this scan takes a few
 * milliseconds a megabyte (strings are skipped whole). A key is the `:` after it, counted in the
 * innermost open object, outside strings. Malformed text is the parser's to refuse.
 */
export function hasTooManyFields(json: string): boolean {
  const limit = INPUT_LIMITS.fieldsPerLevel;
  if (!moreColonsThan(json, limit)) return false;
  // keys seen in each open object; -1 for an open array
  const open: number[] = [];
  for (let i = 0; i < json.length; i += 1) {
    const c = json.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(json, i);
      if (i === -1) return false;
    } else if (c === COLON) {
      const last = open.length - 1;
      if (last >= 0 && (open[last] as number) >= 0) {
        open[last] = (open[last] as number) + 1;
        if ((open[last] as number) > limit) return true;
      }
    } else if (c === OPEN_OBJECT) open.push(0);
    else if (c === OPEN_ARRAY) open.push(-1);
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) open.pop();
  }
  return false;
}

/**
 * Bytes that are not UTF-8 are not JSON (RFC 8259): 400 `The request body is not valid JSON.`, where
 * decoding them would have put U+FFFD in their place and taken them (DESIGN §22).
 */
export function assertUtf8(raw: Buffer): void {
  if (!isUtf8(raw)) throw AppError.badRequest(SERVER_MSG.invalidJson);
}

/** A raw JSON body's text, refused before it is parsed if it is not UTF-8 or too wide (DESIGN §22). */
export function jsonText(raw: Buffer): string {
  assertUtf8(raw);
  const text = raw.toString('utf8');
  if (hasTooManyFields(text)) throw tooManyFields();
  return text;
}

/**
 * After `jsonText`, the parsed value needs walking only if its text writes a NUL (the width was read
 * from the text): most bodies are never walked.
 */
export function inspectParsedJson(text: string, parsed: unknown): void {
  if (text.includes(NUL_ESCAPE)) inspectInput(parsed);
}
