import { NOTIFICATION_MSG, NOTIFICATIONS_CONTRACTS } from '@eta/shared';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { listNotifications, mentionableMembers, readNotifications } from './notifications.service.ts';

/** The bell (DESIGN §23): a member's own notifications, marking them read, and who may be mentioned. */
export function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  route(app, NOTIFICATIONS_CONTRACTS.list, async (request) => {
    const { data, total, unread } = await listNotifications(
      ctx,
      request.staff.id,
      request.query.page,
      request.query.limit,
    );
    return { status: 1, message: NOTIFICATION_MSG.list, data, total, unread };
  });
  route(app, NOTIFICATIONS_CONTRACTS.read, async (request) =>
    ok(NOTIFICATION_MSG.read, await readNotifications(ctx, request.staff.id, request.body.ids)),
  );
  route(app, NOTIFICATIONS_CONTRACTS.mentionable, async () =>
    ok(NOTIFICATION_MSG.members, await mentionableMembers(ctx)),
  );
}
