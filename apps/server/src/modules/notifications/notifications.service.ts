import { encodeId, type MentionableMember, type NotificationRecord } from '@eta/shared';
import type { AppContext } from '../../context.ts';
import { nowIso } from '../../lib/time.ts';
import { staffRepo } from '../staff/index.ts';
import * as repo from './notifications.repository.ts';

/** The bell's page: the member's own notifications, newest first, and how many are unread. */
export async function listNotifications(
  ctx: Pick<AppContext, 'db'>,
  memberId: number,
  page: number,
  limit: number,
): Promise<{ data: NotificationRecord[]; total: number; unread: number }> {
  const [data, counts] = await Promise.all([
    repo.listOf(ctx.db, memberId, limit, (page - 1) * limit),
    repo.countsOf(ctx.db, memberId),
  ]);
  return { data, ...counts };
}

/** Marks the member's own among `ids` read; another member's ids are left alone, without a word. */
export async function readNotifications(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  memberId: number,
  ids: readonly number[],
): Promise<{ ids: number[]; unread: number }> {
  const marked = await repo.markRead(ctx.db, memberId, [...new Set(ids)], nowIso(ctx.clock));
  return { ids: marked, unread: await repo.countUnread(ctx.db, memberId) };
}

/** Who a remark may mention: the active members, by name (their ids encoded as everywhere, DESIGN §5). */
export async function mentionableMembers(ctx: Pick<AppContext, 'db'>): Promise<MentionableMember[]> {
  const members = await staffRepo.listActive(ctx.db);
  return members.map((m) => ({ id: encodeId(m.id), name: m.name }));
}
