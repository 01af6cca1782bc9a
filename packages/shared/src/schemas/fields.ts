import { z } from 'zod';

/** A required text field: missing, non-string and blank all give the same message. */
export const requiredText = (message: string, max = 500) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(max, { error: `Must be at most ${max} characters.` });

/** A required email: missing or blank gives `requiredMessage`, a malformed one `invalidMessage`. */
export const requiredEmail = (requiredMessage: string, invalidMessage: string) =>
  requiredText(requiredMessage, 254).pipe(z.email({ error: invalidMessage }));
