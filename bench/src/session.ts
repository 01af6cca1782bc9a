import { can, FOLDERS, ROLE, type Role, STATUS } from '@eta/shared';
import type { Client } from './http.ts';
import { BENCH_PASSWORD, nationalities, STAFF_PLAN, staffEmail } from './plan.ts';

export interface SignedIn {
  name: string;
  type: Role;
  token: string;
}

/** Who works during the run and on what: read from the API, so a kept dataset needs no notes. */
export interface Session {
  staff: SignedIn[];
  /** a Team member: the typical caller of the latency figures */
  actor: SignedIn;
  /** a Manager: the reports (processed-by is for Admin and Manager only) */
  manager: SignedIn;
  /** orders spread over the whole history, for detail and search */
  sample: { order_id: string; email: string; surname: string }[];
  /** New orders nobody holds: assign and unassign them */
  freeNew: string[];
  /** Awaiting and Contact Customer orders: moved between the two (always allowed), and remarked */
  movable: { orderId: string; status: string }[];
  counts: Record<string, number>;
  reports: boolean;
}

async function ok(client: Client, method: string, path: string, token: string | null, body?: unknown) {
  const reply = await client.call(method, path, token, body);
  if (reply.status < 200 || reply.status >= 300) {
    throw new Error(`${method} ${path} answered ${reply.status}: ${JSON.stringify(reply.json).slice(0, 300)}`);
  }
  return reply.json;
}

interface ListItem {
  order_id: string;
  contact_email_address: string | null;
  sur_name: string | null;
  assign_to: string;
  process_status: string;
}

async function list(client: Client, token: string, folder: string, page: number, limit: number): Promise<ListItem[]> {
  const body = await ok(client, 'GET', `/api/admin/get-orders-list/${folder}?page=${page}&limit=${limit}`, token);
  return body.data as ListItem[];
}

/** The folders a member's type may open (Telecallers do not see Order History). */
export function foldersFor(type: Role) {
  return FOLDERS.filter((f) => can(type, f.capability));
}

export async function openSession(client: Client): Promise<Session> {
  const staff: SignedIn[] = [];
  for (const { type, names } of STAFF_PLAN) {
    for (const name of names) {
      const body = await ok(client, 'POST', '/api/admin/admin-login', null, {
        email: staffEmail(name),
        password: BENCH_PASSWORD,
      });
      staff.push({ name, type, token: body.data.jwtToken });
    }
  }
  const actor = staff.find((s) => s.type === ROLE.Team) as SignedIn;
  const manager = staff.find((s) => s.type === ROLE.Manager) as SignedIn;
  const counts = (await ok(client, 'GET', '/api/admin/get-folder-count', actor.token)).data as Record<string, number>;

  // Ten pages of a hundred rows, evenly spread from the newest orders to the oldest.
  const pages = Math.max(1, Math.floor((counts.allOrdersCount ?? 0) / 100));
  const sample: Session['sample'] = [];
  for (let k = 0; k < 10; k += 1) {
    const page = 1 + Math.floor((k * (pages - 1)) / 9);
    for (const row of await list(client, actor.token, 'allorder', page, 100)) {
      if (!row.contact_email_address || !row.sur_name) continue;
      sample.push({ order_id: row.order_id, email: row.contact_email_address, surname: row.sur_name });
    }
  }
  const freeNew = (await list(client, actor.token, 'newOrder', 1, 500))
    .filter((r) => r.assign_to === '')
    .map((r) => r.order_id);
  const movable = [
    ...(await list(client, actor.token, 'awaitingorder', 1, 250)),
    ...(await list(client, actor.token, 'contactcustomerorder', 1, 250)),
  ]
    .filter((r) => r.process_status === STATUS.Awaiting || r.process_status === STATUS.ContactCustomer)
    .map((r) => ({ orderId: r.order_id, status: r.process_status }));
  const probe = await client.call('POST', '/api/admin/get-country-order-count', manager.token, {});
  return { staff, actor, manager, sample, freeNew, movable, counts, reports: probe.status !== 404 };
}

/** Search terms of three kinds, as staff type them: a whole order id, part of an email, a surname. */
export function searchTerms(session: Session) {
  return {
    orderId: session.sample.map((s) => s.order_id),
    // the address before the @: what someone reads out on the phone
    email: session.sample.map((s) => s.email.split('@')[0] as string).filter((s) => s.length >= 3),
    surname: session.sample.map((s) => s.surname),
  };
}

/** A year up to today, as the report screens send it. */
export function lastYear(): { fromDate: string; toDate: string } {
  const to = new Date();
  const from = new Date(to.getTime() - 365 * 24 * 3600 * 1000);
  return { fromDate: from.toISOString().slice(0, 10), toDate: to.toISOString().slice(0, 10) };
}

/**
 * The filters staff save as views (DESIGN §23), one folder each: common and rare values, the
 * clock's, dates. The latency figures take them in turn; the mixed workload picks among them.
 */
export function savedViews(): readonly (readonly [folder: string, filter: string])[] {
  const [common, rare] = [nationalities()[0]?.name ?? 'India', nationalities().at(-1)?.name ?? 'Iceland'];
  const year = lastYear();
  return [
    ['newOrder', 'domain=secondary'],
    ['completedorder', `nationality=${encodeURIComponent(rare)}`],
    ['allorder', `nationality=${encodeURIComponent(common)}`],
    ['allorder', 'processor=paypal'],
    ['newOrder', 'sla=overdue'],
    ['priorityOrder', 'sla=due_soon&assignee=none'],
    ['awaitingorder', 'followUpDue=1'],
    ['completedorder', `fromDate=${year.fromDate}&toDate=${year.fromDate.slice(0, 8)}28`],
  ];
}
