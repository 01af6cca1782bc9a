import { type RawBuilder, sql } from 'kysely';

/**
 * The keys that tie a customer's orders together (migration 087's indexes, word for word: an
 * expression that differs by a space is not served by its index; `test/find-plan.test.ts` checks).
 */
export const emailKey: RawBuilder<string | null> = sql`lower(orders.contact_email_address)`;

export const phoneDigitsKey: RawBuilder<string | null> = sql.raw(
  "replace(replace(replace(replace(replace(replace(replace(orders.phone_number, ' ', ''), '-', ''), '(', ''), ')', ''), '+', ''), '.', ''), '/', '')",
);

/** A phone number's digits as the index keeps them: the same separators dropped. */
export const phoneDigitsOf = (phone: string): string => phone.replace(/[\s\-()+./]/g, '');
