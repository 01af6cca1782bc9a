import { z } from 'zod';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_MSG,
  NOTIFICATION_PAGE_DEFAULT,
  NOTIFICATION_PAGE_MAX,
  NOTIFICATION_READ_MAX,
} from '../notifications.ts';
import { pageNumber } from './fields.ts';

/** GET /api/admin/notifications: the member's own, newest first. */
export const notificationListQuerySchema = z.strictObject({
  page: pageNumber('page', 1_000_000, 1),
  limit: pageNumber('limit', NOTIFICATION_PAGE_MAX, NOTIFICATION_PAGE_DEFAULT),
});
export type NotificationListQuery = z.output<typeof notificationListQuerySchema>;

/** One notification, as the list and the live `notification` event carry it. */
export const notificationRecordSchema = z.strictObject({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** the order it is about (its public id) */
  order_id: z.string(),
  /** an excerpt: the remark that mentioned the member, the reply's subject … */
  text: z.string(),
  /** who caused it (a member's name), or null for the system or the customer */
  by: z.string().nullable(),
  created_at: z.string(),
  /** when the member read it; null while unread */
  read_at: z.string().nullable(),
});
export type NotificationRecord = z.output<typeof notificationRecordSchema>;

const idsMessage = `ids must list from 1 to ${NOTIFICATION_READ_MAX} notification ids.`;

/** POST /api/admin/notifications/read: ids of the member's own notifications (others' are left alone). */
export const notificationReadSchema = z.strictObject({
  ids: z
    .array(z.number({ error: idsMessage }).int({ error: idsMessage }).min(1, { error: idsMessage }), {
      error: NOTIFICATION_MSG.idsRequired,
    })
    .min(1, { error: NOTIFICATION_MSG.idsRequired })
    .max(NOTIFICATION_READ_MAX, { error: idsMessage }),
});
export type NotificationReadInput = z.output<typeof notificationReadSchema>;

export const notificationReadReplySchema = z.strictObject({
  /** the ids marked read by this call: the caller's own that were unread */
  ids: z.array(z.number().int()),
  /** the caller's unread notifications left */
  unread: z.number().int().min(0),
});

/** GET /api/admin/mentionable-members: who a remark may mention (active members, by name). */
export const mentionableMemberSchema = z.strictObject({
  /** encoded like every team member id (DESIGN §5) */
  id: z.string(),
  name: z.string(),
});
export type MentionableMember = z.output<typeof mentionableMemberSchema>;
