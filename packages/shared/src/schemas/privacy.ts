import { z } from 'zod';
import { MSG } from '../messages.ts';
import { ACCESS_ACTIONS, AUDIT_ACTIONS, PRIVACY_MSG, REMOVAL_REASON } from '../privacy.ts';
import { instantSchema } from './disputes.ts';
import { pageNumber, requiredEmail, requiredText, text } from './fields.ts';
import { orderIdSchema } from './orders.ts';

/** the most rows a log page holds; its CSV export takes every matching row */
export const LOG_PAGE_MAX = 500;

const memberIdSchema = text({ error: 'memberId must be a team member id.' })
  .min(1, { error: 'memberId must be a team member id.' })
  .max(64, { error: 'memberId must be a team member id.' });

const period = {
  /** from this instant (a bare day: its start) */
  from: instantSchema('from').optional(),
  /** up to this instant (a bare day: its end) */
  to: instantSchema('to', { endOfDay: true }).optional(),
};

/** GET /api/admin/access-log: newest first. */
export const accessLogQuerySchema = z.strictObject({
  orderId: orderIdSchema.optional(),
  memberId: memberIdSchema.optional(),
  action: z.enum(ACCESS_ACTIONS, { error: `action must be one of ${ACCESS_ACTIONS.join(', ')}.` }).optional(),
  ...period,
  page: pageNumber('page', 10_000_000, 1),
  limit: pageNumber('limit', LOG_PAGE_MAX, 50),
});
export type AccessLogQuery = z.output<typeof accessLogQuerySchema>;

/** GET /api/admin/audit-log: newest first. */
export const auditLogQuerySchema = z.strictObject({
  memberId: memberIdSchema.optional(),
  action: z.enum(AUDIT_ACTIONS, { error: `action must be one of ${AUDIT_ACTIONS.join(', ')}.` }).optional(),
  ...period,
  page: pageNumber('page', 10_000_000, 1),
  limit: pageNumber('limit', LOG_PAGE_MAX, 50),
});
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

export const accessLogRecordSchema = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  member_id: z.string().nullable(),
  member_name: z.string().nullable(),
  ip: z.string().nullable(),
  action: z.enum(ACCESS_ACTIONS),
  order_id: z.string(),
  /** which image or document, or the pack's type */
  detail: z.string().nullable(),
});
export type AccessLogRecord = z.infer<typeof accessLogRecordSchema>;

export const auditLogRecordSchema = z.strictObject({
  id: z.number().int(),
  at: z.string(),
  /** who did it; null for the system (retention) or an unknown address (a failed sign-in) */
  member_id: z.string().nullable(),
  member_name: z.string().nullable(),
  action: z.enum(AUDIT_ACTIONS),
  /** what it was done to: a member's email, a gateway, an order id, a session */
  target: z.string().nullable(),
  /** what changed, as field: [before, after]; counts; a reason. Never a password. */
  detail: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type AuditLogRecord = z.infer<typeof auditLogRecordSchema>;

/** POST /api/admin/orders/{orderId}/erase */
export const eraseOrderSchema = z.strictObject({
  reason: requiredText(PRIVACY_MSG.reasonRequired, 500),
  /** erase despite a legal hold (the law requires it): logged as such */
  override: z.boolean({ error: 'override must be true or false.' }).optional().default(false),
});
export type EraseOrderInput = z.output<typeof eraseOrderSchema>;

export const erasePathSchema = z.strictObject({ orderId: orderIdSchema });

/** POST /api/admin/subject-export */
export const subjectExportSchema = z.strictObject({
  email: requiredEmail(PRIVACY_MSG.exportEmailRequired, MSG.invalidEmail),
});
export type SubjectExportInput = z.output<typeof subjectExportSchema>;

/** What left an order and when (DESIGN §16): the detail says so where the data was. */
export const dataRemovalSchema = z.strictObject({
  images_removed_at: z.string().nullable(),
  documents_removed_at: z.string().nullable(),
  personal_erased_at: z.string().nullable(),
  /** a retention rule, or a person's request; null while nothing was removed */
  reason: z.enum([REMOVAL_REASON.retention, REMOVAL_REASON.request]).nullable(),
});
export type DataRemoval = z.infer<typeof dataRemovalSchema>;
