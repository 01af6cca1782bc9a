import { INPUT_LIMITS, SERVER_MSG, unrecognizedKey } from '@eta/shared';

/** One schema failure, as zod reports it (`path`) or as Fastify carries it (`instancePath`, mapped by the caller). */
export interface FieldIssue {
  /** the field's path inside the body, query or params, dot-separated; '' for the object itself */
  at: string;
  /** zod's `unrecognized_keys`: the unknown keys of the object at `at` */
  unknownKeys?: readonly unknown[] | undefined;
  message?: string | undefined;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Each issue's fields and messages. An unknown key is named itself, with a message naming it alone:
 * zod's own message lists every unknown key, and given to each of thousands it made a reply that grew
 * with their square (issue 31).
 */
export function* issueFields(issues: Iterable<FieldIssue>): Generator<readonly [string, string]> {
  for (const issue of issues) {
    if (!issue.unknownKeys) {
      yield [issue.at, issue.message ?? SERVER_MSG.invalidBody];
      continue;
    }
    for (const key of issue.unknownKeys) {
      const name = clip(String(key), INPUT_LIMITS.fieldNameChars);
      yield [issue.at ? `${issue.at}.${name}` : name, unrecognizedKey(name)];
    }
  }
}

/**
 * `data.errors` of a 400 (DESIGN §22): the first field → message of each field, at most 20 of them,
 * names and messages cut short, so the reply stays small whatever was sent. The rest are not looked at.
 */
export function boundedFieldErrors(entries: Iterable<readonly [string, string]>): Record<string, string> {
  const errors = new Map<string, string>();
  for (const [field, message] of entries) {
    const name = clip(field || '_', INPUT_LIMITS.fieldNameChars);
    if (errors.has(name)) continue;
    errors.set(name, clip(message, INPUT_LIMITS.messageChars));
    if (errors.size === INPUT_LIMITS.errorFields) break;
  }
  // fromEntries defines own properties: a field named `__proto__` or `constructor` is kept as a field
  return Object.fromEntries(errors);
}
