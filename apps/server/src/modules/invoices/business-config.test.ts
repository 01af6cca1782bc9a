import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ConfigError, loadConfig } from '../../config.ts';
import { vatSplit } from './invoice-pdf.ts';
import { invoiceNumberOf } from './invoices.service.ts';

/** one data folder for the file's configs, removed when done (a JWT_SECRET given: nothing is written in it) */
const DATA_DIR = mkdtempSync(path.join(tmpdir(), 'eta-business-'));
afterAll(() => rmSync(DATA_DIR, { recursive: true, force: true }));
const base = () => ({ DATA_DIR, JWT_SECRET: 'x'.repeat(40) });

describe('business settings (defence letters, invoices)', () => {
  it('have defaults that make a complete letterhead', () => {
    const { business } = loadConfig(base());
    expect(business).toEqual({
      name: 'eTA Desk Services Ltd',
      addressLines: ['1 Example Street', 'London EC1A 1AA', 'United Kingdom'],
      email: null,
      paymentProcessorName: null,
      invoicePrefix: 'INV',
      vatNumber: null,
      vatRate: null,
    });
  });

  it('read every variable, address lines split on |', () => {
    const { business } = loadConfig({
      ...base(),
      BUSINESS_NAME: ' Atlas Travel Ltd ',
      BUSINESS_ADDRESS: '10 Quay Street | Manchester M3 3HN|United Kingdom',
      BUSINESS_EMAIL: 'billing@atlas.example',
      PAYMENT_PROCESSOR_NAME: 'Acme Payments',
      INVOICE_PREFIX: 'atl',
      VAT_NUMBER: 'GB123456789',
      VAT_RATE: '20',
    });
    expect(business).toEqual({
      name: 'Atlas Travel Ltd',
      addressLines: ['10 Quay Street', 'Manchester M3 3HN', 'United Kingdom'],
      email: 'billing@atlas.example',
      paymentProcessorName: 'Acme Payments',
      invoicePrefix: 'ATL',
      vatNumber: 'GB123456789',
      vatRate: 20,
    });
  });

  it('list every bad value', () => {
    try {
      loadConfig({ ...base(), BUSINESS_EMAIL: 'nope', INVOICE_PREFIX: 'IN-V', VAT_RATE: '120' });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect((error as ConfigError).problems).toEqual([
        'BUSINESS_EMAIL is not a valid email',
        'INVOICE_PREFIX must be letters and digits only',
        'VAT_RATE must be a percentage from 0 to 100 (got "120")',
      ]);
    }
  });

  it('number invoices with the prefix, the year and six digits; VAT is taken out of the price paid', () => {
    expect(invoiceNumberOf('INV', 2026, 123)).toBe('INV-2026-000123');
    expect(vatSplit(4950, 20)).toEqual({ net: 4125, vat: 825 });
    expect(vatSplit(3999, 20)).toEqual({ net: 3333, vat: 666 });
    expect(vatSplit(3999, null)).toBeNull();
  });
});
