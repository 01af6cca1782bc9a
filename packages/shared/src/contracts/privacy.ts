import { z } from 'zod';
import {
  accessLogQuerySchema,
  accessLogRecordSchema,
  auditLogQuerySchema,
  auditLogRecordSchema,
  eraseOrderSchema,
  erasePathSchema,
  subjectExportSchema,
} from '../schemas/privacy.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

/** Personal data under UK GDPR (DESIGN §16): the logs, erasure and subject access. */
export const PRIVACY_API = {
  accessLog: at('GET', '/admin/access-log'),
  accessLogCsv: at('GET', '/admin/access-log/csv'),
  auditLog: at('GET', '/admin/audit-log'),
  auditLogCsv: at('GET', '/admin/audit-log/csv'),
  erase: at('POST', '/admin/orders/:orderId/erase'),
  subjectExport: at('POST', '/admin/subject-export'),
};

const tag = 'Personal data';
const audit = { capability: 'audit.read' } as const;

/** Personal data under UK GDPR (DESIGN §16). */
export const PRIVACY_CONTRACTS = {
  accessLog: contract(PRIVACY_API.accessLog, {
    summary: 'Who read whose personal data: detail views, images, documents, packs, exports (newest first)',
    tag,
    access: audit,
    query: accessLogQuerySchema,
    data: z.array(accessLogRecordSchema),
    total: true,
  }),
  accessLogCsv: contract(PRIVACY_API.accessLogCsv, {
    summary: 'The access log as CSV: every row the filters match',
    tag,
    access: audit,
    query: accessLogQuerySchema.omit({ page: true, limit: true }),
    data: null,
    file: ['text/csv'],
  }),
  auditLog: contract(PRIVACY_API.auditLog, {
    summary: 'Sign-ins, account, team and gateway changes, erasures, exports and retention runs (newest first)',
    tag,
    access: audit,
    query: auditLogQuerySchema,
    data: z.array(auditLogRecordSchema),
    total: true,
  }),
  auditLogCsv: contract(PRIVACY_API.auditLogCsv, {
    summary: 'The audit log as CSV: every row the filters match',
    tag,
    access: audit,
    query: auditLogQuerySchema.omit({ page: true, limit: true }),
    data: null,
    file: ['text/csv'],
  }),
  erase: contract(PRIVACY_API.erase, {
    summary: "Erase an order's personal data on request: anonymised at once, its files deleted",
    description:
      "409 `Already erased` for an order erased before; 409 under legal hold (ChargeBack, a dispute open or closed less than 120 days ago) unless `override` is true. Logged in the audit log with the reason, and in the order's Activity under the member's name. Names, email, phone and address leave the order and every copy (documents, mail history and outbox, .eml files, remarks, dispute notes, the subject exports' log entries); afterwards every mail of the order (upload, resend, rejection, invoice, retry, email preview) answers 409 `This order's personal data was erased.`, and a refund moves it without a mail.",
    tag,
    access: { capability: 'privacy.erase', reauth: true },
    params: erasePathSchema,
    body: eraseOrderSchema,
    data: null,
  }),
  subjectExport: contract(PRIVACY_API.subjectExport, {
    summary: 'Everything held about a person, by email: a ZIP of JSON and their files',
    description:
      'orders/{order id}.json (every order, mail, download, remark and event about that email) and each order’s images, documents and invoices. An email with no orders (erased ones included) answers 404 `No orders were found for this address.`, never an empty ZIP. Logged in the access and audit logs (the audit log records an attempt that found nothing too).',
    tag,
    access: { capability: 'privacy.export', reauth: true },
    body: subjectExportSchema,
    data: null,
    file: ['application/zip'],
  }),
};
