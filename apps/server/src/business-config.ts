import { bounded, boundedText, EMAIL, field } from './env-fields.ts';
import { packLimitsFrom } from './pack-limits-config.ts';

/** The service on every letter and invoice. */
export const SERVICE_NAME = 'UK Electronic Travel Authorisation application service';

/** Who the business is, on defence letters and invoices: read by config.ts from the environment. */
export interface BusinessConfig {
  name: string;
  addressLines: readonly string[];
  /**
   * the disputes and billing address (BUSINESS_EMAIL); null: letters and invoices print none, never
   * MAIL_FROM's address, which is a no-reply sender (issue 31)
   */
  email: string | null;
  /** who defence letters are addressed to; null: the order's domain's active gateway */
  paymentProcessorName: string | null;
  /** invoice numbers are `{prefix}-{year}-{000001}` */
  invoicePrefix: string;
  vatNumber: string | null;
  /** percent included in the amount paid; null: no VAT shown */
  vatRate: number | null;
}

function businessEmail(raw: string | undefined, name: string, problems: string[]): string | null {
  const email = boundedText(raw, name, 254, problems);
  if (email && !EMAIL.test(email)) problems.push(`${name} is not a valid email`);
  return email;
}

function invoicePrefix(raw: string | undefined, name: string, problems: string[]): string {
  const prefix = boundedText(raw, name, 10, problems) ?? 'INV';
  if (!/^[A-Za-z0-9]+$/.test(prefix)) problems.push(`${name} must be letters and digits only`);
  return prefix.toUpperCase();
}

function vatRate(raw: string | undefined, name: string, problems: string[]): number | null {
  const rawRate = boundedText(raw, name, 10, problems);
  const rate = rawRate === null ? null : Number(rawRate);
  if (rate !== null && !(Number.isFinite(rate) && rate >= 0 && rate <= 100))
    problems.push(`${name} must be a percentage from 0 to 100 (got "${rawRate}")`);
  return rate;
}

/** The business's fields of env-schema.ts (defence letters, packs, invoices); every value optional. */
export const BUSINESS_FIELDS = {
  BUSINESS_NAME: bounded(
    { default: '`eTA Desk Services Ltd`', meaning: 'the business on defence letters, defence packs and invoices' },
    120,
  ),
  BUSINESS_ADDRESS: bounded(
    {
      default: '`1 Example Street|London EC1A 1AA|United Kingdom`',
      meaning: 'its postal address, lines separated by `|`',
    },
    500,
  ),
  BUSINESS_EMAIL: field(
    {
      default: 'unset',
      meaning:
        "disputes and billing address printed on defence letters and invoices; unset: they print no contact address (never `MAIL_FROM`'s, a no-reply sender), and the Defence Pack modal says so",
    },
    businessEmail,
  ),
  PAYMENT_PROCESSOR_NAME: bounded(
    {
      default: 'unset',
      meaning:
        'who defence letters are addressed to ("The Disputes Team, {name}") when the order itself does not say: a letter goes to the processor of the order\'s open dispute, else the `payment_processor` the website sent, else the gateway recorded when the order arrived (never today\'s active gateway); unset and none of these: "Payment Processor"',
    },
    120,
  ),
  PACK_LIMITS: field(
    {
      default: "DESIGN §15's limits",
      meaning:
        "processors' evidence limits a defence pack must fit, as `processor=bytes:pages` pairs separated by commas (an empty page count means none), over the defaults: `stripe` 4.5 MB and 49 pages, `adyen` 2 MB and 19, `checkout` 4 MB and 19, `paypal` under 10 MB, `solidgate` and `other` 4 MB and 19. Example: `adyen=2000000:19,paypal=9999999:`",
    },
    (raw, _name, problems) => packLimitsFrom(raw, problems),
  ),
  INVOICE_PREFIX: field(
    {
      default: '`INV`',
      meaning: 'invoice numbers are `{prefix}-{year}-{000001}`, one sequence per year (letters and digits)',
    },
    invoicePrefix,
  ),
  VAT_NUMBER: bounded({ default: 'unset', meaning: 'VAT registration number shown on invoices' }, 40),
  VAT_RATE: field(
    {
      default: 'unset',
      meaning: 'percentage (0–100) included in the price; set: invoices show net amount and VAT; unset: the total only',
    },
    vatRate,
  ),
};

/** The business behind the websites, from BUSINESS_FIELDS' values, with defaults. */
export function businessFrom(values: {
  BUSINESS_NAME: string | null;
  BUSINESS_ADDRESS: string | null;
  BUSINESS_EMAIL: string | null;
  PAYMENT_PROCESSOR_NAME: string | null;
  INVOICE_PREFIX: string;
  VAT_NUMBER: string | null;
  VAT_RATE: number | null;
}): BusinessConfig {
  const address = values.BUSINESS_ADDRESS ?? '1 Example Street|London EC1A 1AA|United Kingdom';
  return {
    name: values.BUSINESS_NAME ?? 'eTA Desk Services Ltd',
    addressLines: address
      .split(/[|\n]/)
      .map((line) => line.trim())
      .filter(Boolean),
    email: values.BUSINESS_EMAIL,
    paymentProcessorName: values.PAYMENT_PROCESSOR_NAME,
    invoicePrefix: values.INVOICE_PREFIX,
    vatNumber: values.VAT_NUMBER,
    vatRate: values.VAT_RATE,
  };
}
