import { z } from 'zod';
import { NOTIFICATION_MSG, NOTIFICATION_READ_MAX } from '../notifications.ts';
import {
  mentionableMemberSchema,
  notificationListQuerySchema,
  notificationReadReplySchema,
  notificationReadSchema,
  notificationRecordSchema,
} from '../schemas/notifications.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

/** Mentions and notifications (DESIGN §23): the bell's list and who a remark may name. */
export const NOTIFICATIONS_API = {
  list: at('GET', '/admin/notifications'),
  read: at('POST', '/admin/notifications/read'),
  mentionable: at('GET', '/admin/mentionable-members'),
};

const tag = 'Notifications';

/** Mentions and notifications (DESIGN §23). */
export const NOTIFICATIONS_CONTRACTS = {
  list: contract(NOTIFICATIONS_API.list, {
    summary: "The caller's notifications, newest first, with the unread count beside them",
    description: `\`${NOTIFICATION_MSG.list}\`; \`total\` counts them all, \`unread\` the unread ones. New ones also arrive on the live stream as \`notification\` events.`,
    tag,
    access: { capability: 'signedIn' },
    query: notificationListQuerySchema,
    data: z.array(notificationRecordSchema),
    total: true,
    beside: { unread: z.number().int().min(0) },
  }),
  read: contract(NOTIFICATIONS_API.read, {
    summary: "Mark some of the caller's notifications as read",
    description: `ids: 1 to ${NOTIFICATION_READ_MAX} notification ids. Ids that are not the caller's, or already read, are left as they are; \`data.ids\` lists those this call marked.`,
    tag,
    access: { capability: 'signedIn' },
    body: notificationReadSchema,
    data: notificationReadReplySchema,
  }),
  mentionable: contract(NOTIFICATIONS_API.mentionable, {
    summary: 'The active members a remark may mention, by name (the remark box suggests them after @)',
    tag,
    access: { capability: 'orders.work' },
    data: z.array(mentionableMemberSchema),
  }),
};
