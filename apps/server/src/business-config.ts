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

/** The business behind the websites (defence letters, invoices); every value optional, with defaults. */
export function businessFrom(env: Record<string, string | undefined>, problems: string[]): BusinessConfig {
  const text = (key: string, max: number): string | null => {
    const value = env[key]?.trim();
    if (!value) return null;
    if (value.length > max) problems.push(`${key} must be at most ${max} characters`);
    return value;
  };
  const email = text('BUSINESS_EMAIL', 254);
  if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.push('BUSINESS_EMAIL is not a valid email');
  const prefix = text('INVOICE_PREFIX', 10) ?? 'INV';
  if (!/^[A-Za-z0-9]+$/.test(prefix)) problems.push('INVOICE_PREFIX must be letters and digits only');
  const rawRate = text('VAT_RATE', 10);
  const vatRate = rawRate === null ? null : Number(rawRate);
  if (vatRate !== null && !(Number.isFinite(vatRate) && vatRate >= 0 && vatRate <= 100))
    problems.push(`VAT_RATE must be a percentage from 0 to 100 (got "${rawRate}")`);
  const address = text('BUSINESS_ADDRESS', 500) ?? '1 Example Street|London EC1A 1AA|United Kingdom';
  return {
    name: text('BUSINESS_NAME', 120) ?? 'eTA Desk Services Ltd',
    addressLines: address
      .split(/[|\n]/)
      .map((line) => line.trim())
      .filter(Boolean),
    email,
    paymentProcessorName: text('PAYMENT_PROCESSOR_NAME', 120),
    invoicePrefix: prefix.toUpperCase(),
    vatNumber: text('VAT_NUMBER', 40),
    vatRate,
  };
}
