import { Readable } from 'node:stream';
import {
  ACCESS_ACTION_LABEL,
  type AccessAction,
  type AccessLogQuery,
  type AccessLogRecord,
  AUDIT_ACTION_LABEL,
  type AuditAction,
  type AuditLogQuery,
  type AuditLogRecord,
  csvCell,
  decodeId,
  encodeId,
  maskAuditDetail,
} from '@eta/shared';
import type { AppContext } from '../../context.ts';
import * as accessRepo from './access-log.repository.ts';
import * as auditRepo from './audit-log.repository.ts';

/** rows read at a time while a CSV streams out: memory stays flat however long the log */
const CSV_BATCH = 1000;

/** A member id from the query: an unknown or malformed one matches nobody (an empty page, not an error). */
const memberFilter = (encoded: string | undefined) =>
  encoded === undefined ? {} : { memberDbId: decodeId(encoded) ?? -1 };

const toAccessRecord = (row: accessRepo.AccessRow): AccessLogRecord => ({
  id: row.id,
  at: row.at,
  member_id: row.member_id === null ? null : encodeId(row.member_id),
  member_name: row.member_name ?? null,
  ip: row.ip,
  action: row.action as AccessAction,
  order_id: row.order_id,
  detail: row.detail,
});

function parsed(detail: string | null): Record<string, unknown> | null {
  if (!detail) return null;
  try {
    return JSON.parse(detail) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** The detail as JSON, with session ids masked as the screen masks them (issue 31: the CSV held them whole). */
const csvDetail = (detail: string | null) => {
  const masked = maskAuditDetail(parsed(detail));
  return masked ? JSON.stringify(masked) : detail;
};

const toAuditRecord = (row: auditRepo.AuditRow): AuditLogRecord => ({
  id: row.id,
  at: row.at,
  member_id: row.member_id === null ? null : encodeId(row.member_id),
  member_name: row.member_name ?? null,
  action: row.action as AuditAction,
  target: row.target,
  detail: parsed(row.detail),
  ip: row.ip,
  user_agent: row.user_agent,
});

/** A CSV line per row, read in batches so the whole log is never held at once. */
function csvStream<R>(
  header: readonly string[],
  read: (limit: number, offset: number) => Promise<R[]>,
  cells: (row: R) => unknown[],
) {
  const line = (values: readonly unknown[]) =>
    `${values.map((v) => csvCell(v as string | number | null)).join(',')}\r\n`;
  return Readable.from(
    (async function* () {
      yield line(header);
      for (let offset = 0; ; offset += CSV_BATCH) {
        const rows = await read(CSV_BATCH, offset);
        if (rows.length > 0) yield rows.map((row) => line(cells(row))).join('');
        if (rows.length < CSV_BATCH) return;
      }
    })(),
  );
}

/** The access and audit logs as Admins read them (DESIGN §16). */
export function createLogsService(ctx: AppContext) {
  const { db } = ctx;
  return {
    async accessLog(query: AccessLogQuery): Promise<{ rows: AccessLogRecord[]; total: number }> {
      const filters = { ...query, ...memberFilter(query.memberId) };
      const [rows, total] = await Promise.all([
        accessRepo.page(db, filters, query.limit, (query.page - 1) * query.limit),
        accessRepo.count(db, filters),
      ]);
      return { rows: rows.map(toAccessRecord), total };
    },

    accessLogCsv(query: Omit<AccessLogQuery, 'page' | 'limit'>): Readable {
      const filters = { ...query, ...memberFilter(query.memberId) };
      return csvStream(
        ['Date & Time (UTC)', 'Member', 'IP', 'Action', 'Order ID', 'Detail'],
        (limit, offset) => accessRepo.page(db, filters, limit, offset),
        (row) => [
          row.at,
          row.member_name,
          row.ip,
          ACCESS_ACTION_LABEL[row.action as AccessAction] ?? row.action,
          row.order_id,
          row.detail,
        ],
      );
    },

    async auditLog(query: AuditLogQuery): Promise<{ rows: AuditLogRecord[]; total: number }> {
      const filters = { ...query, ...memberFilter(query.memberId) };
      const [rows, total] = await Promise.all([
        auditRepo.page(db, filters, query.limit, (query.page - 1) * query.limit),
        auditRepo.count(db, filters),
      ]);
      return { rows: rows.map(toAuditRecord), total };
    },

    auditLogCsv(query: Omit<AuditLogQuery, 'page' | 'limit'>): Readable {
      const filters = { ...query, ...memberFilter(query.memberId) };
      return csvStream(
        ['Date & Time (UTC)', 'Member', 'Action', 'Target', 'Detail', 'IP', 'User agent'],
        (limit, offset) => auditRepo.page(db, filters, limit, offset),
        (row) => [
          row.at,
          row.member_name,
          AUDIT_ACTION_LABEL[row.action as AuditAction] ?? row.action,
          row.target,
          csvDetail(row.detail),
          row.ip,
          row.user_agent,
        ],
      );
    },
  };
}
