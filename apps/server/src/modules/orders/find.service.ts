import { type FindItem, type FindQuery, findFolder, folderOfStatus, type TokenUser } from '@eta/shared';
import { phoneDigitsOf } from '../../db/customer-keys.ts';
import { nowIso } from '../../lib/time.ts';
import { type ExactKeys, exactMatches, type FoundRow } from './find.repository.ts';
import { createListService, type ListContext } from './list.service.ts';

export interface FindResult {
  items: FindItem[];
  total: number;
}

/** Order ids: letters, digits and hyphens, 6 to 40 characters (DESIGN §6). */
const ORDER_ID_SHAPE = /^[A-Za-z0-9-]{6,40}$/;
/** A phone number as people write it: digits and the separators the index drops (db/customer-keys.ts). */
const PHONE_SHAPE = /^[\d ()+./-]+$/;
const PHONE_DIGITS_MIN = 6;

/** Which exact keys the text may be, and the text the trigram search looks for. */
export function keysOf(q: string): { keys: ExactKeys; text: string } {
  const digits = PHONE_SHAPE.test(q) ? phoneDigitsOf(q) : '';
  const phoneDigits = digits.length >= PHONE_DIGITS_MIN ? digits : null;
  const keys: ExactKeys = {
    orderIds: ORDER_ID_SHAPE.test(q) ? [...new Set([q, q.toUpperCase()])] : [],
    reference: q,
    email: q.includes('@') ? q.toLowerCase() : null,
    phoneDigits,
  };
  // a phone typed with spaces or a country sign is looked for by its digits, as most are kept
  return { keys, text: (phoneDigits ?? q).toLowerCase() };
}

/** Exact matches first: the order id itself, then a payment's reference, then the customer's email or phone. */
function rankOf(row: FoundRow, q: string, keys: ExactKeys): number {
  if (row.order_id.toLowerCase() === q.toLowerCase()) return 0;
  if (row.contact_email_address?.toLowerCase() === keys.email) return 2;
  if (keys.phoneDigits !== null && row.phone_number !== null && phoneDigitsOf(row.phone_number) === keys.phoneDigits)
    return 2;
  return 1;
}

function toItem(row: Omit<FoundRow, 'search_text'>): FindItem {
  return {
    order_id: row.order_id,
    full_name: [row.first_name, row.sur_name].filter((s) => s?.trim()).join(' '),
    contact_email_address: row.contact_email_address,
    phone_number: row.phone_number,
    process_status: row.process_status,
    folder: folderOfStatus(row.process_status),
    assign_to: row.assign_to ?? '',
    sla_due_at: row.sla_due_at,
    created_at: row.created_at,
  };
}

/** Order History's filter is every order: the text search runs on it, without its capability. */
const EVERY_ORDER = findFolder('allorder');

/**
 * Find anything (DESIGN §23): every order a member may open (the detail opens any order to every
 * staff type, so Telecaller too, whatever folders they see), by exact keys through their indexes
 * and by text through the queues' own search (trigram index over order id, names, email and phone,
 * list.service.ts `searchIn`, on Order History's whole table), exact matches first, then the text's
 * newest first. The total is every order found: the text's matches and the exact ones that do not
 * hold the text (a payment reference, a phone written otherwise).
 */
export function createFindService(ctx: ListContext, lists = createListService(ctx)) {
  const { searchThreads } = ctx.strategies;
  if (!EVERY_ORDER) throw new Error('no allorder folder');
  const everyOrder = EVERY_ORDER;

  async function findHere(staff: TokenUser, query: FindQuery, now: string): Promise<FindResult> {
    const q = query.q.trim();
    const { keys, text } = keysOf(q);
    const [exact, found] = await Promise.all([
      exactMatches(ctx.db, keys),
      lists.searchIn(
        everyOrder,
        staff,
        { searchVal: text, start: 0, end: query.limit, sort: 'created_at', order: 'desc' },
        now,
      ),
    ]);
    const ranked = exact
      .map((row) => ({ row, rank: rankOf(row, q, keys) }))
      .sort((a, b) => a.rank - b.rank || (a.row.created_at < b.row.created_at ? 1 : -1));
    const seen = new Set<string>();
    const items: FindItem[] = [];
    // among the text's matches, an order id that starts with the text comes before one that only holds it
    const lower = q.toLowerCase();
    const prefixFirst = [...found.items].sort(
      (a, b) => Number(b.order_id.toLowerCase().startsWith(lower)) - Number(a.order_id.toLowerCase().startsWith(lower)),
    );
    for (const row of [...ranked.map((r) => r.row), ...prefixFirst]) {
      if (seen.has(row.order_id)) continue;
      seen.add(row.order_id);
      items.push(toItem({ ...row, assign_to: row.assign_to || null }));
    }
    const beyondText = exact.filter((row) => !row.search_text.includes(text)).length;
    return { items: items.slice(0, query.limit), total: found.total + beyondText };
  }

  return {
    findHere,
    /** on SQLite a thread of its own reads, as a queue search does (search-threads.ts) */
    find(staff: TokenUser, query: FindQuery, now: string = nowIso(ctx.clock)): Promise<FindResult> {
      if (searchThreads) return searchThreads.call('find', staff, query, now);
      return findHere(staff, query, now);
    },
  };
}
