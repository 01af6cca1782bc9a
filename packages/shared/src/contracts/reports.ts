import { z } from 'zod';
import { countryReportRowSchema, processedByReportRowSchema, reportRequestSchema } from '../reports.ts';
import {
  defenceLetterQuerySchema,
  defenceLetterSchema,
  defencePackPdfSchema,
  sendInvoiceSchema,
  sentInvoiceSchema,
  transactionDetailsSchema,
} from '../schemas/defence.ts';
import { orderPathSchema } from '../schemas/detail.ts';
import { trendRequestSchema, trendRowSchema } from '../trend.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

export const DEFENCE_API = {
  transactionDetails: at('POST', '/admin/defence-pack-details'),
  letter: at('GET', '/admin/defence-letter/:orderId'),
  pack: at('POST', '/admin/get-defence-pack-pdf'),
  sendInvoice: at('POST', '/admin/send-invoice'),
};

export const REPORTS_API = {
  countryOrders: at('POST', '/admin/get-country-order-count'),
  processedBy: at('POST', '/admin/get-processed-by-count'),
  orderTrend: at('POST', '/admin/get-order-trend'),
};

const work = { capability: 'orders.work' } as const;

export const REPORTS_CONTRACTS = {
  countryOrders: contract(REPORTS_API.countryOrders, {
    summary: 'Orders per nationality, created within the range (whole UTC days, either end open)',
    tag: 'Reports',
    access: work,
    body: reportRequestSchema,
    data: z.array(countryReportRowSchema),
  }),
  processedBy: contract(REPORTS_API.processedBy, {
    summary: 'Orders per staff member, processed within the range',
    tag: 'Reports',
    access: { capability: 'reports.processedBy' },
    body: reportRequestSchema,
    data: z.array(processedByReportRowSchema),
  }),
  orderTrend: contract(REPORTS_API.orderTrend, {
    summary: 'Orders per day, week or month (the last 30 days by day unless asked), every period present',
    tag: 'Reports',
    access: work,
    body: trendRequestSchema,
    data: z.array(trendRowSchema),
  }),
};

export const DEFENCE_CONTRACTS = {
  transactionDetails: contract(DEFENCE_API.transactionDetails, {
    summary: 'Save the transaction id and merchant name of an order',
    tag: 'Defence and invoices',
    access: work,
    body: transactionDetailsSchema,
    data: null,
  }),
  letter: contract(DEFENCE_API.letter, {
    summary: 'The defence letter of an order, as the pack prints it',
    tag: 'Defence and invoices',
    access: work,
    params: orderPathSchema,
    query: defenceLetterQuerySchema,
    data: defenceLetterSchema,
  }),
  pack: contract(DEFENCE_API.pack, {
    summary: 'The defence pack of an order as a PDF',
    tag: 'Defence and invoices',
    access: work,
    body: defencePackPdfSchema,
    data: null,
    file: ['application/pdf'],
  }),
  sendInvoice: contract(DEFENCE_API.sendInvoice, {
    summary: 'Make (or reuse) the invoice of an order and queue it to the customer',
    tag: 'Defence and invoices',
    access: work,
    body: sendInvoiceSchema,
    data: sentInvoiceSchema,
  }),
};
