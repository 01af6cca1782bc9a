import { z } from 'zod';
import {
  accessLogQuerySchema,
  accessLogRecordSchema,
  auditLogQuerySchema,
  auditLogRecordSchema,
} from '../schemas/privacy.ts';
import { contract } from './contract.ts';
import { PRIVACY_API } from './endpoints.ts';

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
};
