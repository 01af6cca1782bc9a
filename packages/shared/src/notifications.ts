/**
 * Notifications and mentions (DESIGN §23): what a member is told, and how `@` and a name in a remark
 * finds the member it names. Both the server (who is notified) and the web (the remark box's
 * suggestions) read these rules: docs/decisions/0285-how-a-mention-finds-its-member.md.
 */

/** Why a member is notified; each notification is about one order. */
export const NOTIFICATION_KIND = {
  /** a colleague named the member in a remark */
  mention: 'mention',
  /** the customer answered a mail on an order the member holds (DESIGN §25) */
  customerReplied: 'customer_replied',
} as const;
export type NotificationKind = (typeof NOTIFICATION_KIND)[keyof typeof NOTIFICATION_KIND];
export const NOTIFICATION_KINDS: readonly NotificationKind[] = Object.values(NOTIFICATION_KIND);

/** A notification's text is an excerpt (of a remark, a reply's subject …): at most this long. */
export const NOTIFICATION_TEXT_MAX = 200;
/** ids marked read in one call: a page of the bell's list many times over */
export const NOTIFICATION_READ_MAX = 500;
/** the bell's page: the newest this many */
export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 100;

export const NOTIFICATION_MSG = {
  list: 'Notifications',
  read: 'Notifications marked as read.',
  idsRequired: 'ids must list at least one notification id.',
  members: 'Members',
} as const;

/** What a notification says in the bell's list and a browser notification. */
export function notificationTitle(n: { kind: string; by: string | null; order_id: string }): string {
  switch (n.kind) {
    case NOTIFICATION_KIND.mention:
      return `${n.by ?? 'Someone'} mentioned you on ${n.order_id}`;
    case NOTIFICATION_KIND.customerReplied:
      return `The customer replied on ${n.order_id}`;
    default:
      return `News on ${n.order_id}`;
  }
}

/** A mention's word, when no full name follows the `@`, must be at least this long to name anyone. */
export const MENTION_PREFIX_MIN = 2;

const WORD_CHAR = /[\p{L}\p{N}_]/u;
/** the characters of a typed mention word: letters, digits and the joiners names use */
const MENTION_WORD = /^[\p{L}\p{N}_'’.-]+/u;

const fold = (text: string) => text.replace(/\s+/g, ' ').toLowerCase();

/** True when `@` at `at` starts a mention: at the start, or after a character that is not part of a word (so an email address never mentions). */
function startsMention(text: string, at: number): boolean {
  if (text[at] !== '@') return false;
  const before = at === 0 ? '' : (text[at - 1] as string);
  return before === '' || !(WORD_CHAR.test(before) || before === '.' || before === '-');
}

/**
 * The members a text mentions, each once, in the order they are first named. After an `@`:
 *  1. the longest member's name the text goes on with (letter case and runs of spaces aside), ending
 *     where a word ends: `@Tara Team` names Tara Team, `@tara team,` too, `@Tara Teamwork` does not;
 *  2. otherwise the word after the `@` (at least MENTION_PREFIX_MIN characters) when exactly one
 *     member's name starts with it: `@Tar` names Tara Team if no one else's name starts with "Tar".
 * A word that starts several names names no one (`@Ta` with Tara and Tamsin): the autocomplete
 * writes the whole name, so an ambiguous one is never what the member chose.
 */
export function findMentions<M extends { name: string }>(text: string, members: readonly M[]): M[] {
  const found: M[] = [];
  if (!text.includes('@') || members.length === 0) return found;
  const named = members.map((m) => ({ m, folded: fold(m.name.trim()) })).filter((n) => n.folded !== '');
  named.sort((a, b) => b.folded.length - a.folded.length);
  const byLength = named.map((n) => n.m);
  const folded = named.map((n) => n.folded);
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    if (!startsMention(text, at)) continue;
    const rest = text.slice(at + 1);
    const member = fullNameAt(rest, byLength, folded) ?? prefixAt(rest, byLength, folded);
    if (member && !found.includes(member)) found.push(member);
  }
  return found;
}

function fullNameAt<M>(rest: string, members: readonly M[], folded: readonly string[]): M | null {
  // compare against the text with its spaces folded, reading only as far as the longest name
  const longest = folded[0]?.length ?? 0;
  const head = fold(rest.slice(0, longest * 2 + 8));
  for (let i = 0; i < members.length; i += 1) {
    const name = folded[i] as string;
    if (!head.startsWith(name)) continue;
    const next = head[name.length];
    if (next === undefined || !WORD_CHAR.test(next)) return members[i] as M;
  }
  return null;
}

function prefixAt<M>(rest: string, members: readonly M[], folded: readonly string[]): M | null {
  const word = MENTION_WORD.exec(rest)?.[0]?.replace(/[.'’-]+$/u, '');
  if (!word || word.length < MENTION_PREFIX_MIN) return null;
  const prefix = word.toLowerCase();
  const matches = members.filter((_, i) => (folded[i] as string).startsWith(prefix));
  return matches.length === 1 ? (matches[0] as M) : null;
}

/**
 * The mention being typed at the caret, for the remark box's suggestions: where its `@` is and what
 * follows it (up to 40 characters, at most one space in a row). Null when the caret is not in one.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at === -1 || !startsMention(text, at)) return null;
  const query = before.slice(at + 1);
  if (query.length > 40 || /\s\s|\n/.test(query) || /^\s/.test(query)) return null;
  return { start: at, query };
}

/** The members to suggest for a typed query: a name, or one of its words, starting with it. */
export function mentionCandidates<M extends { name: string }>(query: string, members: readonly M[], max = 8): M[] {
  const q = fold(query.trim());
  const hits = members.filter((m) => {
    const name = fold(m.name.trim());
    return name.startsWith(q) || name.split(' ').some((word) => word.startsWith(q));
  });
  // names that start with the query come first, then by name
  const starts = (m: M) => (fold(m.name.trim()).startsWith(q) ? 0 : 1);
  return hits.sort((a, b) => starts(a) - starts(b) || a.name.localeCompare(b.name)).slice(0, max);
}
