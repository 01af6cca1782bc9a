import { z } from 'zod';

/**
 * Visa Compelling Evidence 3.0 (DESIGN §15), for reason 10.4 (card-absent fraud): the cardholder's
 * earlier undisputed orders with the same card, 120 to 365 days before the disputed one, each sharing
 * at least two of IP address, device id, email address and postal address. Two or more such orders
 * make the dispute eligible: Visa then shifts the liability back to the issuer.
 */
export const CE3_MIN_DAYS = 120;
export const CE3_MAX_DAYS = 365;
export const CE3_MIN_MATCHES = 2;
export const CE3_MIN_SHARED = 2;
const DAY_MS = 86_400_000;

export const CE3_FIELDS = ['purchase_ip', 'device_id', 'contact_email_address', 'postal_address'] as const;
export type Ce3Field = (typeof CE3_FIELDS)[number];

export const CE3_FIELD_LABEL: Record<Ce3Field, string> = {
  purchase_ip: 'IP address',
  device_id: 'device id',
  contact_email_address: 'email address',
  postal_address: 'postal address',
};

/** What the rule reads of an order. */
export interface Ce3Order {
  order_id: string;
  created_at: string;
  card_fingerprint: string | null;
  purchase_ip: string | null;
  device_id: string | null;
  contact_email_address: string | null;
  address_line1: string | null;
  town_and_city: string | null;
  post_code: string | null;
  country: string | null;
  /** the order has a dispute of its own (or sits in ChargeBack): it proves nothing */
  disputed: boolean;
}

export const ce3MatchSchema = z.strictObject({
  order_id: z.string(),
  created_at: z.string(),
  shared: z.array(z.enum(CE3_FIELDS)),
});
export const ce3ResultSchema = z.strictObject({ eligible: z.boolean(), matches: z.array(ce3MatchSchema) });
export type Ce3Result = z.infer<typeof ce3ResultSchema>;

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase().replace(/\s+/g, ' ');

/** The postal address as one comparable value; empty when the order has no street line or postcode. */
function postalAddress(o: Omit<Ce3Order, 'disputed'>): string {
  if (!norm(o.address_line1) || !norm(o.post_code)) return '';
  return [o.address_line1, o.town_and_city, (o.post_code ?? '').replace(/\s+/g, ''), o.country].map(norm).join('|');
}

function comparable(o: Omit<Ce3Order, 'disputed'>, field: Ce3Field): string {
  return field === 'postal_address' ? postalAddress(o) : norm(o[field]);
}

/** The earlier orders that count for `disputed`, oldest first, and whether there are enough of them. */
export function ce3Eligibility(disputed: Omit<Ce3Order, 'disputed'>, earlier: readonly Ce3Order[]): Ce3Result {
  const fingerprint = norm(disputed.card_fingerprint);
  const at = Date.parse(disputed.created_at);
  const matches = fingerprint
    ? earlier
        .filter((o) => o.order_id !== disputed.order_id && !o.disputed && norm(o.card_fingerprint) === fingerprint)
        .filter((o) => {
          const days = (at - Date.parse(o.created_at)) / DAY_MS;
          return days >= CE3_MIN_DAYS && days <= CE3_MAX_DAYS;
        })
        .map((o) => ({
          order_id: o.order_id,
          created_at: o.created_at,
          shared: CE3_FIELDS.filter((f) => {
            const value = comparable(disputed, f);
            return value !== '' && value === comparable(o, f);
          }),
        }))
        .filter((m) => m.shared.length >= CE3_MIN_SHARED)
        .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
    : [];
  return { eligible: matches.length >= CE3_MIN_MATCHES, matches };
}
