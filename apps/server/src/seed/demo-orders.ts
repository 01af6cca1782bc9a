import {
  ingestOrderSchema,
  OPEN_STATUSES,
  type OrderStatus,
  processorOfGateway,
  STATUS,
  type TokenUser,
} from '@eta/shared';
import { faker } from '@faker-js/faker';
import type { AppContext } from '../context.ts';
import { storePastDocument } from '../modules/documents/index.ts';
import { createIngestService, hasAnyOrder } from '../modules/ingest/index.ts';
import { createAssignService } from '../modules/orders/index.ts';
import { staffRepo } from '../modules/staff/index.ts';
import { seedDemoDisputes } from './demo-disputes.ts';
import { textPdf } from './pdf.ts';
import { pngDataUrl, solidPng } from './png.ts';
import { DEMO_ACCOUNTS } from './staff.ts';

export const DEMO_ORDER_COUNT = 300;
const DAY = 24 * 3600 * 1000;

/** Nationalities that need a UK eTA, with the dial-code table's key and code (SPEC §3). */
const COUNTRIES = [
  ['United States', 'USA', '1'],
  ['Canada', 'Canada', '1'],
  ['Australia', 'Australia', '61'],
  ['New Zealand', 'New Zealand', '64'],
  ['Japan', 'Japan', '81'],
  ['South Korea', 'South Korea', '82'],
  ['Germany', 'Germany', '49'],
  ['France', 'France', '33'],
  ['Italy', 'Italy', '39'],
  ['Spain', 'Spain', '34'],
  ['Netherlands', 'Netherlands', '31'],
  ['Sweden', 'Sweden', '46'],
  ['Poland', 'Poland', '48'],
  ['Brazil', 'Brazil', '55'],
  ['Mexico', 'Mexico', '52'],
  ['Argentina', 'Argentina', '54'],
  ['United Arab Emirates', 'UAE', '971'],
  ['Qatar', 'Qatar', '974'],
  ['Saudi Arabia', 'Saudi Arabia', '966'],
  ['Singapore', 'Singapore', '65'],
  ['Malaysia', 'Malaysia', '60'],
  ['Israel', 'Israel', '972'],
] as const;

const PREFIXES = ['UKETA-', 'UK-', 'UKTA-', 'eTA-'] as const;

/** Roughly how a real back office looks: many new and completed, fewer in the side queues. */
const STATUS_WEIGHTS: { value: OrderStatus; weight: number }[] = [
  { value: STATUS.New, weight: 60 },
  { value: STATUS.Priority, weight: 25 },
  { value: STATUS.ProcessMarch, weight: 10 },
  { value: STATUS.Pending, weight: 20 },
  { value: STATUS.Awaiting, weight: 15 },
  { value: STATUS.AwaitingGovt, weight: 15 },
  { value: STATUS.ContactCustomer, weight: 15 },
  { value: STATUS.CustomerCalled, weight: 10 },
  { value: STATUS.Completed, weight: 70 },
  { value: STATUS.Refunds, weight: 15 },
  { value: STATUS.Deleted, weight: 10 },
  { value: STATUS.Rejected, weight: 10 },
  { value: STATUS.ChargeBack, weight: 5 },
];
const WAITING: readonly OrderStatus[] = [STATUS.New, STATUS.Priority, STATUS.ProcessMarch];
/**
 * Completed and refunded orders were finished in the last three weeks: with the default 30-day image
 * period (RETENTION_IMAGES_DAYS) no retention pass in the demo's first days has anything to remove,
 * and every image the demo shows is one the policy would still keep (DESIGN §22). Rejected and
 * Deleted orders count from their arrival here. The retention job itself treats them as any order.
 */
const RECENTLY_FINISHED: readonly OrderStatus[] = [STATUS.Completed, STATUS.Refunds];
const RECENTLY_FINISHED_DAYS = 20;

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const yesNo = (yesChance: number) => (faker.datatype.boolean(yesChance) ? 'yes' : 'no');

function questionnaire(): Record<string, string> {
  const convicted = faker.datatype.boolean(0.05);
  const otherNationality = faker.datatype.boolean(0.15);
  const employed = faker.datatype.boolean(0.8);
  const convictedOn = faker.date.past({ years: 15 });
  return {
    other_nationalities_than_qatar_section_details: otherNationality ? 'yes' : 'no',
    other_nationalities: otherNationality ? faker.helpers.arrayElement(COUNTRIES)[0] : '',
    employment_section_details: employed ? 'yes' : 'no',
    job: employed ? faker.person.jobTitle() : '',
    criminal_conviction: convicted ? 'yes' : 'no',
    brief_description_of_crime: convicted ? 'Driving offence, fined' : '',
    convicted_country: convicted ? faker.helpers.arrayElement(COUNTRIES)[0] : '',
    sentenced_for_12_months_in_prison: convicted ? yesNo(0.1) : 'no',
    convicted_any_other_crime_in_last_12_month: 'no',
    convicted_any_other_crime: 'no',
    convict_date: convicted ? String(convictedOn.getUTCDate()) : '',
    convict_month: convicted ? String(convictedOn.getUTCMonth() + 1) : '',
    convict_year: convicted ? String(convictedOn.getUTCFullYear()) : '',
    suspected_and_involved_section: 'no',
    select_option_for_crime_involvement: 'None of the above',
  };
}

/**
 * What the website saw at the purchase (DESIGN §15), made from the order's own id and values rather
 * than from faker, so the rest of the demo stays the same order for order.
 */
function purchaseEvidence(orderId: string, transactionId: string, gateway: string, created: Date) {
  const digits = orderId.replace(/\D/g, '');
  const n = Number(digits.slice(-3));
  return {
    payment_reference: transactionId,
    gateway_name: gateway,
    payment_processor: processorOfGateway(gateway),
    purchase_ip: `198.51.100.${n % 250}`,
    purchase_user_agent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 Version/18.1 Mobile/15E148 Safari/604.1',
    device_id: `dev-${digits.slice(-6)}`,
    terms_version: '2026-01',
    terms_accepted_at: created.toISOString(),
    refund_policy_version: 'r3',
    disclaimer_shown: true,
    three_ds_result: n % 5 === 0 ? 'attempted' : 'authenticated',
    avs_result: 'Y',
    cvc_result: 'M',
    card_fingerprint: `fp_demo_${digits.slice(-5)}`,
    card_last4: digits.slice(-4).padStart(4, '0'),
    card_brand: n % 3 === 0 ? 'mastercard' : 'visa',
  };
}

/** An order as a website would post it: raw JSON, parsed by the ingestion schema like any other. */
function demoOrder(
  ctx: AppContext,
  status: OrderStatus,
  now: number,
  orderId: string,
  images: string[],
): Record<string, unknown> {
  const [nationality, countryCode] = faker.helpers.arrayElement(COUNTRIES);
  const firstName = faker.person.firstName();
  const surName = faker.person.lastName();
  // example.com and its like are reserved (RFC 2606): with a real SMTP server set, the demo's mails
  // (its refunds, and any a visitor sends) reach nobody's inbox.
  const email = faker.internet.exampleEmail({ firstName, lastName: surName }).toLowerCase();
  const priority = status === STATUS.Priority || (!WAITING.includes(status) && faker.datatype.boolean(0.25));
  // Orders still waiting arrived in the last days, completed and refunded ones in the last weeks, the
  // rest over the last ninety.
  const days = WAITING.includes(status) ? 5 : RECENTLY_FINISHED.includes(status) ? RECENTLY_FINISHED_DAYS : 90;
  const created = new Date(now - faker.number.int({ min: 600_000, max: days * DAY }));
  const secondary = orderId.startsWith('UKTA-') || orderId.startsWith('eTA-');
  const [passport, selfie] = images;
  const transactionId = `pi_${faker.string.alphanumeric(24)}`;
  const gateway = faker.helpers.arrayElement(ctx.config.gatewayNames);
  return {
    order_id: orderId,
    transaction_id: transactionId,
    merchant_name: gateway,
    ...purchaseEvidence(orderId, transactionId, gateway, created),
    landing_site: `${ctx.config.publicBaseUrl[secondary ? 'secondary' : 'primary']}/apply`,
    process_status: status,
    processing_type: priority ? 'priority' : 'standard',
    amount: priority ? 79 : 39,
    currency: 'GBP',
    created_at: created.toISOString(),
    first_name: firstName,
    sur_name: surName,
    contact_email_address: email,
    confirm_contact_email_address: email,
    email,
    phone_number: faker.string.numeric({ length: 10, allowLeadingZeros: false }),
    country_code: countryCode,
    nationality,
    intended_travel_date: isoDate(new Date(created.getTime() + faker.number.int({ min: 7, max: 120 }) * DAY)),
    date_of_birth: isoDate(faker.date.birthdate({ mode: 'age', min: 18, max: 80 })),
    parental_given_name: faker.person.firstName(),
    parental_sur_name: surName,
    address_line1: faker.location.streetAddress(),
    address_line2: faker.datatype.boolean(0.3) ? faker.location.secondaryAddress() : '',
    town_and_city: faker.location.city(),
    post_code: faker.location.zipCode(),
    country: nationality,
    passport_image: passport,
    upload_image: selfie,
    ...questionnaire(),
  };
}

async function member(ctx: AppContext, email: string): Promise<TokenUser | null> {
  const row = await staffRepo.findActiveByEmail(ctx.db, email);
  return row ? { id: row.id, name: row.name, email: row.email, type: row.type as TokenUser['type'] } : null;
}

/**
 * About 300 realistic orders for `npm run demo`, only into a database without orders: every status,
 * both domains, standard and priority, images, the eTA document of every processed order, some held
 * by the demo staff, refunds with their dates and refund requests still to be refunded, and disputes
 * in every state (demo-disputes.ts). Everything goes through the real services, so the demo shows
 * what production would hold; it queues no mail and leaves retention nothing due (DESIGN §22).
 */
export async function seedDemoOrders(ctx: AppContext, count = DEMO_ORDER_COUNT): Promise<number> {
  if (await hasAnyOrder(ctx.db)) return 0;
  faker.seed(20261122);
  const now = ctx.clock();
  const images = [pngDataUrl(solidPng(24, 16, [40, 70, 160])), pngDataUrl(solidPng(16, 16, [225, 180, 150]))];
  const ids = new Set<string>();
  while (ids.size < count)
    ids.add(`${faker.helpers.arrayElement(PREFIXES)}${faker.string.numeric({ length: 8, allowLeadingZeros: false })}`);
  const statuses = [...ids].map((_, i) =>
    i < STATUS_WEIGHTS.length
      ? (STATUS_WEIGHTS[i]?.value as OrderStatus)
      : faker.helpers.weightedArrayElement(STATUS_WEIGHTS),
  );
  // A third of the refunds came in as refund requests from the websites: they wait in the Refunds
  // queue, with no refund date, for "Refunded it". The rest were refunded before the demo starts,
  // 5 to 10 days after they came in (after their eTA was sent, below): they arrive with their refund
  // date, as an import of refunds already made does, so starting the demo mails nobody (DESIGN §22).
  const requested = (i: number) => statuses[i] === STATUS.Refunds && i % 3 === 0;
  const raw = [...ids].map((id, i) => {
    const order = demoOrder(ctx, statuses[i] as OrderStatus, now, id, images);
    if (statuses[i] !== STATUS.Refunds || requested(i)) return order;
    const after = (5 + (Number(id.replace(/\D/g, '')) % 6)) * DAY;
    return {
      ...order,
      refund_date: new Date(Math.min(now, Date.parse(order.created_at as string) + after)).toISOString(),
    };
  });
  const orders = raw.map((o) => ingestOrderSchema.parse(o));
  const { created } = await createIngestService(ctx).ingest(orders, { source: 'demo' });
  const manager = await member(ctx, DEMO_ACCOUNTS[1]?.email as string);

  // Finished orders were processed by a demo member a day or a few after they came in (DESIGN §6), so
  // the Processed By report has something to show. Processing is the eTA sent: each has the document
  // it was completed with, stored as an upload then would have been, its approval mail long sent (none
  // is queued), and it met the service level then (DESIGN §18): priority orders a day or more after
  // they came in were late, so the report's SLA share is not all 100%. Done before any order is
  // claimed below, so no hold stands in the way.
  const processors = (await Promise.all(DEMO_ACCOUNTS.map((a) => member(ctx, a.email)))).filter((m) => m !== null);
  const finished: OrderStatus[] = [STATUS.Completed, STATUS.Refunds, STATUS.CustomerCalled, STATUS.ChargeBack];
  for (const [i, order] of orders.entries()) {
    if (processors.length === 0 || !finished.includes(statuses[i] as OrderStatus)) continue;
    const at = new Date(
      Math.min(now, Date.parse(order.created_at as string) + faker.number.int({ min: 1, max: 4 }) * DAY),
    ).toISOString();
    const name = `${order.first_name} ${order.sur_name}`;
    const bytes = textPdf([
      'UK Electronic Travel Authorisation',
      'Demo document made by npm run demo: not a real authorisation',
      `Applicant: ${name}`,
      `Order: ${order.order_id}`,
      `Approved: ${at.slice(0, 10)}`,
    ]);
    const processor = faker.helpers.arrayElement(processors);
    await storePastDocument(ctx, processor, { orderId: order.order_id, bytes, filename: `${order.order_id}.pdf`, at });
    // met by that document; set here too for an order that arrived finished (the database met only due ones)
    await ctx.db.updateTable('orders').set({ sla_met_at: at }).where('order_id', '=', order.order_id).execute();
  }

  // Some open orders are held by the demo staff, so My Orders and greyed View links have something to show.
  const open = faker.helpers.shuffle(orders.filter((o) => OPEN_STATUSES.includes(o.process_status)));
  const assign = createAssignService(ctx);
  for (const account of DEMO_ACCOUNTS) {
    const staff = await member(ctx, account.email);
    const mine = open.splice(0, faker.number.int({ min: 4, max: 9 })).map((o) => o.order_id);
    if (staff && mine.length > 0) await assign.assign(staff, mine);
  }

  if (manager) await seedDemoDisputes(ctx, manager);
  return created.length;
}
