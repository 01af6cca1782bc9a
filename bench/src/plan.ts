import { DIAL_CODES, type OrderStatus, ROLE, type Role, STATUS } from '@eta/shared';
import { createRng, type Rng } from './rng.ts';

/**
 * The shape of a back office three years in: what share of orders sits in each status, how recent
 * the open ones are, who holds them. Shares are of all orders, so a smaller dataset keeps the shape.
 */
export const DAY = 24 * 3600 * 1000;
export const YEARS = 3;

export interface OpenPlan {
  status: OrderStatus;
  share: number;
  /** open orders arrived within this many days (a queue is worked, so it stays young) */
  days: number;
  /** share of them held by a member (someone is working on it) */
  held: number;
}

/** A few thousand in each working queue at a million orders. */
export const OPEN_PLAN: readonly OpenPlan[] = [
  { status: STATUS.New, share: 0.003, days: 4, held: 0.15 },
  { status: STATUS.Priority, share: 0.0015, days: 2, held: 0.2 },
  { status: STATUS.ProcessMarch, share: 0.0005, days: 90, held: 0.1 },
  { status: STATUS.Pending, share: 0.002, days: 30, held: 0.7 },
  { status: STATUS.Awaiting, share: 0.0025, days: 30, held: 0.6 },
  { status: STATUS.AwaitingGovt, share: 0.002, days: 21, held: 0.6 },
  { status: STATUS.ContactCustomer, share: 0.0015, days: 30, held: 0.7 },
  { status: STATUS.CustomerCalled, share: 0.0008, days: 45, held: 0.7 },
];

/** Closed side queues, spread over the whole three years; everything else is Completed. */
export const CLOSED_PLAN: readonly { status: OrderStatus; share: number }[] = [
  { status: STATUS.Refunds, share: 0.025 },
  { status: STATUS.Deleted, share: 0.012 },
  { status: STATUS.Rejected, share: 0.008 },
  { status: STATUS.ChargeBack, share: 0.003 },
];

/** Statuses by small index, so a million statuses fit in a Uint8Array. */
export const STATUS_LIST: readonly OrderStatus[] = Object.values(STATUS);
const COMPLETED = STATUS_LIST.indexOf(STATUS.Completed);

/** The staff of a busy office: two of each supervising type, a dozen in the team. */
export const STAFF_PLAN: readonly { type: Role; names: readonly string[] }[] = [
  { type: ROLE.Admin, names: ['Ada Admin', 'Aaron Admin'] },
  { type: ROLE.Manager, names: ['Maya Manager', 'Miles Manager'] },
  {
    type: ROLE.Team,
    names: [
      'Tess Team',
      'Theo Team',
      'Tara Team',
      'Tomas Team',
      'Talia Team',
      'Tobias Team',
      'Tina Team',
      'Trent Team',
      'Tilly Team',
      'Tariq Team',
      'Tamsin Team',
      'Ted Team',
    ],
  },
  { type: ROLE.Telecaller, names: ['Cara Caller', 'Colin Caller'] },
  { type: ROLE.NightStaff, names: ['Nora Night', 'Nate Night'] },
];

export const BENCH_PASSWORD = 'Bench#Staff2026';

export function staffEmail(name: string): string {
  return `${name.toLowerCase().replace(/\s+/g, '.')}@bench.etadesk.test`;
}

/** Countries that buy UK eTAs most first; the rest of the dial-code table after them. */
const TOP_MARKETS = [
  'US',
  'CA',
  'AU',
  'DE',
  'FR',
  'IT',
  'ES',
  'NL',
  'JP',
  'KR',
  'AE',
  'SA',
  'QA',
  'IL',
  'BR',
  'MX',
  'NZ',
  'SE',
  'PL',
  'AR',
];
export const NATIONALITY_COUNT = 120;

export function nationalities(): { name: string; iso2: string }[] {
  const top = TOP_MARKETS.map((iso) => DIAL_CODES.find((c) => c.iso2 === iso)).filter((c) => c !== undefined);
  const rest = DIAL_CODES.filter((c) => c.iso2 !== 'GB' && !TOP_MARKETS.includes(c.iso2));
  return [...top, ...rest].slice(0, NATIONALITY_COUNT).map((c) => ({ name: c.name, iso2: c.iso2 }));
}

/**
 * Creation times of `n` orders over three years up to `now`, ascending (ids grow with time, as in
 * production), with business growing: three times as many orders a day at the end as at the start.
 */
export function creationTimes(n: number, now: number, rng: Rng): Float64Array {
  const span = YEARS * 365 * DAY;
  const start = now - span;
  const times = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    // density 0.5 + x on [0, 1]: the inverse of its distribution function
    const u = (i + rng.next()) / n;
    const x = -0.5 + Math.sqrt(0.25 + 2 * u);
    times[i] = Math.floor(start + x * span);
  }
  return times;
}

/** First index whose time is at or after `t` (times ascending). */
function firstAtOrAfter(times: Float64Array, t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((times[mid] as number) < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface StatusPlan {
  /** index into STATUS_LIST per order */
  status: Uint8Array;
  /** 1 when the open order is held by a member */
  held: Uint8Array;
}

/** Which order ends up in which status: open ones among the recent, closed ones anywhere. */
export function planStatuses(times: Float64Array, now: number, seed: number): StatusPlan {
  const n = times.length;
  const rng = createRng(seed ^ 0x5a5a5a5a);
  const status = new Uint8Array(n).fill(255);
  const held = new Uint8Array(n);
  const place = (statusIndex: number, count: number, from: number, heldShare: number) => {
    let lo = from;
    let misses = 0;
    for (let placed = 0; placed < count; ) {
      if (misses > 50 && lo > 0) {
        lo = Math.max(0, lo - count); // the window is full: reach further back
        misses = 0;
      }
      const i = rng.int(lo, n - 1);
      if (status[i] !== 255) {
        misses += 1;
        continue;
      }
      status[i] = statusIndex;
      held[i] = rng.chance(heldShare) ? 1 : 0;
      placed += 1;
    }
  };
  const countOf = (share: number) => Math.max(1, Math.round(share * n));
  for (const p of OPEN_PLAN) {
    place(STATUS_LIST.indexOf(p.status), countOf(p.share), firstAtOrAfter(times, now - p.days * DAY), p.held);
  }
  for (const p of CLOSED_PLAN) place(STATUS_LIST.indexOf(p.status), countOf(p.share), 0, 0);
  for (let i = 0; i < n; i += 1) if (status[i] === 255) status[i] = COMPLETED;
  return { status, held };
}
