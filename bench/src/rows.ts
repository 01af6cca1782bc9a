import {
  domainOfOrderId,
  MAIL_KIND,
  MAIL_PROVIDER,
  MAIL_STATUS,
  SERVICE_LEVEL_DEFAULT_HOURS,
  SLA_PAUSED_STATUSES,
  STATUS,
  serviceLevelHoursOf,
  usEasternStamp,
} from '@eta/shared';
import { allFakers } from '@faker-js/faker';
import type { Insertable } from 'kysely';
import type { Database, NewOrder } from '../../apps/server/src/db/schema.ts';
import { searchTextOf } from '../../apps/server/src/modules/ingest/ingest.service.ts';
import { DAY, nationalities, STATUS_LIST } from './plan.ts';
import { type Rng, weighted, zipf } from './rng.ts';

/** Rows of every table an order touches, ready for a multi-row insert. */
export interface OrderRows {
  orders: NewOrder[];
  order_events: Insertable<Database['order_events']>[];
  order_images: Insertable<Database['order_images']>[];
  documents: Insertable<Database['documents']>[];
  mail_outbox: Insertable<Database['mail_outbox']>[];
  mail_history: Insertable<Database['mail_history']>[];
  download_history: Insertable<Database['download_history']>[];
  remarks: Insertable<Database['remarks']>[];
}

export const emptyRows = (): OrderRows => ({
  orders: [],
  order_events: [],
  order_images: [],
  documents: [],
  mail_outbox: [],
  mail_history: [],
  download_history: [],
  remarks: [],
});

/** Next id per table: rows carry their ids, so related rows need no RETURNING round trip. */
export type NextIds = Record<keyof OrderRows, number>;

export interface Member {
  id: number;
  name: string;
}

/** Name pools from several of faker's locales (a few thousand surnames), drawn once per dataset. */
function namePools() {
  const locales = ['en', 'en_US', 'de', 'fr', 'es', 'it', 'nl', 'pl', 'pt_BR', 'sv', 'ja', 'ko'] as const;
  const ascii = (s: string) => /^[A-Za-z][A-Za-z' -]*$/.test(s);
  const first = new Set<string>();
  const last = new Set<string>();
  for (const code of locales) {
    const person = allFakers[code]?.rawDefinitions.person;
    const firstNames = person?.first_name;
    for (const list of [firstNames?.generic, firstNames?.female, firstNames?.male])
      for (const n of list ?? []) if (ascii(n)) first.add(n);
    for (const n of person?.last_name?.generic ?? []) if (ascii(n)) last.add(n);
  }
  return { first: [...first].sort(), last: [...last].sort() };
}

function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const MAIL_DOMAINS = weighted([
  { value: 'gmail.com', weight: 40 },
  { value: 'yahoo.com', weight: 12 },
  { value: 'hotmail.com', weight: 10 },
  { value: 'outlook.com', weight: 10 },
  { value: 'icloud.com', weight: 8 },
  { value: 'aol.com', weight: 3 },
  { value: 'gmx.de', weight: 4 },
  { value: 'orange.fr', weight: 3 },
  { value: 'web.de', weight: 3 },
  { value: 'protonmail.com', weight: 2 },
  { value: 'company.example', weight: 5 },
]);
const PREFIXES = weighted([
  { value: 'UKETA-', weight: 45 },
  { value: 'UK-', weight: 15 },
  { value: 'UKTA-', weight: 30 },
  { value: 'eTA-', weight: 10 },
]);
const REMARKS = [
  'Called the customer, no answer.',
  'Passport scan unreadable, asked for a new one.',
  'Customer confirmed travel dates.',
  'Sent to government portal.',
  'Customer asked about refund.',
  'Duplicate application, checked with customer.',
];
const ZONES = [
  'America/New_York',
  'America/Los_Angeles',
  'Europe/Berlin',
  'Europe/Paris',
  'Asia/Tokyo',
  'Australia/Sydney',
];
const AGENTS = [
  ['Chrome', 'Windows'],
  ['Safari', 'iOS'],
  ['Chrome', 'Android'],
  ['Firefox', 'Windows'],
  ['Safari', 'Mac OS'],
] as const;
const GATEWAYS = ['Stripe', 'PayPal', 'Worldpay', 'Checkout.com'];
const PRIORITY = STATUS.Priority;
const iso = (t: number) => new Date(t).toISOString();
const day = (t: number) => iso(t).slice(0, 10);

/** Builds the rows of one order at a time; pools and samplers are made once. */
export function createRowBuilder(rng: Rng, workers: readonly Member[], now: number) {
  const pools = namePools();
  // Popularity must not follow the alphabet: shuffle, then a gentle Zipf (the most common surname
  // about 0.8% of customers, as Smith is in the US).
  const firstName = zipf(shuffle(pools.first, rng), 0.5);
  const lastName = zipf(shuffle(pools.last, rng), 0.45);
  const countries = nationalities();
  const country = zipf(countries, 1.07);
  const towns = allFakers.en.rawDefinitions.location?.city_name ?? ['London'];
  const streets = allFakers.en.rawDefinitions.location?.street_name ?? ['High Street'];

  return function build(rows: OrderRows, ids: NextIds, i: number, created: number, statusIndex: number, held: boolean) {
    const id = ids.orders++;
    const status = STATUS_LIST[statusIndex] as string;
    // An odd multiplier is a bijection modulo 2^32: unique, random-looking order numbers.
    const number = String((Math.imul(i + 1, 0x9e3779b1) >>> 0) % 10_000_000_000).padStart(10, '0');
    const orderId = `${PREFIXES(rng)}${number}`;
    const first = firstName(rng);
    const last = lastName(rng);
    const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    const email = `${local}${rng.chance(0.6) ? rng.int(1, 9999) : ''}@${MAIL_DOMAINS(rng)}`;
    const phone = `${rng.int(2, 9)}${rng.chars(9, '0123456789')}`;
    const nation = country(rng);
    const priority = status === PRIORITY || rng.chance(0.25);
    const open = status !== STATUS.Completed && !['Refunds', 'Deleted', 'Rejected', 'ChargeBack'].includes(status);
    const worker = rng.pick(workers);
    const processed = status === STATUS.Completed || status === STATUS.Refunds || status === STATUS.ChargeBack;
    const handledAt = Math.min(created + rng.int(1, 72) * 3_600_000, now);
    const createdIso = iso(created);
    const updatedIso = open && !held ? createdIso : iso(handledAt);
    const order: NewOrder = {
      id,
      order_id: orderId,
      domain: domainOfOrderId(orderId),
      process_status: status,
      assigned_to: open && held ? worker.id : null,
      processing_type: priority ? 'priority' : 'standard',
      amount_minor: priority ? 7900 : 3900,
      currency: 'GBP',
      processed_by: processed ? worker.id : null,
      refund_date: status === STATUS.Refunds ? iso(Math.min(now, handledAt + rng.int(1, 20) * DAY)) : null,
      extra_answers: null,
      search_text: searchTextOf({
        order_id: orderId,
        first_name: first,
        sur_name: last,
        contact_email_address: email,
        phone_number: phone,
      }),
      created_at: createdIso,
      updated_at: updatedIso,
      // DESIGN §18 as the app keeps it: due by type from arrival; a waiting order paused since it went
      // to wait; met below, when the order has its document
      sla_due_at: iso(
        created + serviceLevelHoursOf(priority ? 'priority' : 'standard', SERVICE_LEVEL_DEFAULT_HOURS) * 3_600_000,
      ),
      sla_paused_at: (SLA_PAUSED_STATUSES as readonly string[]).includes(status) ? updatedIso : null,
      transaction_id: `pi_${rng.chars(24, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789')}`,
      merchant_name: rng.pick(GATEWAYS),
      landing_site:
        orderId.startsWith('UKTA-') || orderId.startsWith('eTA-')
          ? 'https://secondary.example/apply'
          : 'https://primary.example/apply',
      contact_email_address: email,
      confirm_contact_email_address: email,
      email,
      first_name: first,
      sur_name: last,
      phone_number: phone,
      country_code: nation.iso2,
      nationality: nation.name,
      intended_travel_date: day(created + rng.int(7, 120) * DAY),
      date_of_birth: `${rng.int(1945, 2006)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
      parental_given_name: firstName(rng),
      parental_sur_name: last,
      address_line1: `${rng.int(1, 400)} ${rng.pick(streets)}`,
      address_line2: rng.chance(0.3) ? `Apt. ${rng.int(1, 90)}` : null,
      address_line3: null,
      town_and_city: rng.pick(towns),
      post_code: rng.chars(5, '0123456789'),
      country: nation.name,
      other_nationalities_than_qatar_section_details: 'no',
      other_nationalities: null,
      employment_section_details: rng.chance(0.8) ? 'yes' : 'no',
      job: rng.chance(0.8) ? 'Engineer' : null,
      criminal_conviction: 'no',
      brief_description_of_crime: null,
      convicted_country: null,
      sentenced_for_12_months_in_prison: 'no',
      convicted_any_other_crime_in_last_12_month: 'no',
      convicted_any_other_crime: 'no',
      other_brief_description_of_crime: null,
      convict_date: null,
      convict_month: null,
      convict_year: null,
      prison_convicted_country: null,
      suspected_and_involved_section: 'no',
      select_option_for_crime_involvement: 'None of the above',
    };
    rows.orders.push(order);

    const entered = priority && status === PRIORITY ? PRIORITY : STATUS.New;
    const event = (kind: string, from: string | null, to: string | null, at: string, actor: Member | null) =>
      rows.order_events.push({
        id: ids.order_events++,
        order_key: id,
        staff_id: actor?.id ?? null,
        staff_name: actor?.name ?? null,
        kind,
        from_value: from,
        to_value: to,
        detail: actor ? null : 'bench',
        created_at: at,
      });
    event('created', null, entered, createdIso, null);
    if (order.assigned_to !== null) event('assign', null, worker.name, updatedIso, worker);
    if (status !== entered) event('status', entered, status, updatedIso, worker);
    rows.order_images.push({
      id: ids.order_images++,
      order_key: id,
      kind: 'passport',
      file_name: `bench-${id}.png`,
      content_type: 'image/png',
      size: 48_000,
      created_at: createdIso,
    });

    if (processed && rng.chance(0.6)) {
      order.sla_met_at = updatedIso;
      const documentId = ids.documents++;
      const outboxId = ids.mail_outbox++;
      rows.documents.push({
        id: documentId,
        order_key: id,
        file1: `bench-${id}.pdf`,
        original_name: 'eta.pdf',
        content_type: 'application/pdf',
        size: 150_000,
        customer_name: `${first} ${last}`,
        is_rejected_doc: 'No',
        mail_service_provider: MAIL_PROVIDER.cloud,
        uploaded_by: worker.id,
        created_at: updatedIso,
      });
      rows.mail_outbox.push({
        id: outboxId,
        order_key: id,
        document_id: documentId,
        kind: MAIL_KIND.approval,
        provider: MAIL_PROVIDER.cloud,
        to_address: email,
        subject: 'Your UK ETA has been approved',
        html: '<p>Your UK ETA has been approved.</p>',
        text: 'Your UK ETA has been approved.',
        attachments: null,
        remainder_mail: 0,
        status: MAIL_STATUS.sent,
        attempts: 1,
        next_attempt_at: updatedIso,
        last_error: null,
        created_by: worker.id,
        created_at: updatedIso,
        sent_at: updatedIso,
        claim_token: null,
      });
      rows.mail_history.push({
        id: ids.mail_history++,
        order_key: id,
        outbox_id: outboxId,
        document_id: documentId,
        kind: MAIL_KIND.approval,
        provider: MAIL_PROVIDER.cloud,
        remainder_mail: 0,
        create_ts: updatedIso,
      });
      const downloads = rng.chance(0.5) ? rng.int(1, 3) : 0;
      for (let d = 0; d < downloads; d += 1) {
        const [browser, os] = rng.pick(AGENTS);
        rows.download_history.push({
          id: ids.download_history++,
          order_key: id,
          document_id: documentId,
          create_ts: iso(Math.min(now, handledAt + rng.int(1, 600) * 60_000)),
          ip: `${rng.int(1, 223)}.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
          timezone: rng.pick(ZONES),
          browser,
          os,
          user_agent: `Mozilla/5.0 (${os}) ${browser}`,
        });
      }
    }

    const remarkCount = rng.chance(0.08) ? rng.int(1, 2) : 0;
    for (let r = 0; r < remarkCount; r += 1) {
      const at = Math.min(now, created + rng.int(1, 48) * 3_600_000);
      const author = rng.pick(workers);
      rows.remarks.push({
        id: ids.remarks++,
        order_key: id,
        staff_id: author.id,
        remark_name: author.name,
        remark: rng.pick(REMARKS),
        whatsapp: 'N',
        telephone: rng.chance(0.3) ? 'Y' : 'N',
        status_refund: 'N',
        voided: 'N',
        chargeback: 'N',
        report_error: 'N',
        ...usEasternStamp(at),
        created_at: iso(at),
      });
    }
  };
}
