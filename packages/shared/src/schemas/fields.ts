import { z } from 'zod';

/**
 * NUL (U+0000) is refused in every text field (issue 20, finding 3): PostgreSQL cannot store it in
 * text (the query fails: a 500, even on the unauthenticated track-order) and it breaks SQLite's search
 * pattern. The message names the field, found from the issue's path.
 */
export const nulRefused = (field: string) => `${field || 'This field'} must not contain a NUL character.`;

const NUL = '\u0000';

/** The one rule, added to every text schema that takes input. */
export const noNul = z.refine<string>((value) => !value.includes(NUL), {
  error: (issue) => nulRefused((issue.path ?? []).join('.')),
});

/** Input text: a string with no NUL in it. Reply schemas keep plain z.string(). */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).check(noNul);

/** A required text field: missing, non-string and blank all give the same message. */
export const requiredText = (message: string, max = 500) =>
  text({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters.` });

/** A required email: missing or blank gives `requiredMessage`, a malformed one `invalidMessage`. */
export const requiredEmail = (requiredMessage: string, invalidMessage: string) =>
  requiredText(requiredMessage, 254).pipe(z.email({ error: invalidMessage }));

/** A page number or size in a query string: a whole number from 1 to `max`, `fallback` when absent. */
export const pageNumber = (field: string, max: number, fallback: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number from 1 to ${max}.` })
    .int({ error: `${field} must be a whole number from 1 to ${max}.` })
    .min(1, { error: `${field} must be a whole number from 1 to ${max}.` })
    .max(max, { error: `${field} must be a whole number from 1 to ${max}.` })
    .default(fallback);
