import type { AuditAction } from '@eta/shared';
import type { TxContext } from '../../lib/transaction.ts';
import * as auditRepo from './audit-log.repository.ts';

export interface AuditEntry {
  action: AuditAction;
  /** who did it; null: the system, or nobody known (a sign-in with an unknown address) */
  actorId: number | null;
  /** what it was done to: a member's email, a domain, an order id */
  target?: string | null;
  /** what changed (field: [before, after]), counts, a reason. Never a password. */
  detail?: Record<string, unknown> | null;
}

/** longest target kept: an email typed at sign-in is the caller's text */
const TARGET_MAX = 254;

/**
 * Writes one audit entry (DESIGN §16). Given the transaction of the change, the change and its
 * entry commit together: no audited change without its entry, no entry for a change rolled back.
 * The request's IP and user agent come from the context's origin (lib/request-origin.ts); an entry
 * with no change to join is written through `ctx.transactions.committed(origin)`.
 */
export async function recordAudit(tx: TxContext, at: string, entry: AuditEntry): Promise<void> {
  const { origin } = tx;
  await auditRepo.insert(tx.trx, {
    at,
    member_id: entry.actorId,
    action: entry.action,
    target: entry.target ? entry.target.slice(0, TARGET_MAX) : null,
    detail: entry.detail ?? null,
    ip: origin.ip,
    user_agent: origin.userAgent,
  });
}

/** field: [before, after] for each field that changed; `secret` fields only say they changed. */
export function changesOf<T extends Record<string, unknown>>(
  before: T,
  after: Partial<T>,
  fields: readonly (keyof T & string)[],
  secret: readonly string[] = [],
): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const field of fields) {
    if (!(field in after) || after[field] === undefined || after[field] === before[field]) continue;
    changes[field] = secret.includes(field) ? 'changed' : [before[field] ?? null, after[field] ?? null];
  }
  return changes;
}
