import { ORDER_EVENT, type OrderEventRecord } from '@eta/shared';
import { plainDate, statusText } from './format.ts';
import { mailKindLabel, providerLabel } from './texts.ts';

/** One Activity row in words: what happened, and an optional from → to and note. */
export interface ActivityLine {
  what: string;
  from?: string;
  to?: string;
  note?: string;
}

/** "cloud to a@b.c" / "cloud: timeout" / "cloud": the provider named as elsewhere on the screen. */
const providerNote = (detail: string | null): string | undefined =>
  detail ? detail.replace(/^(cloud|delivery)\b/, (p) => providerLabel(p)) : undefined;

const opt = (value: string | null | undefined) => (value ? value : undefined);

/** A dispute change's detail is "{field} · {dispute}": "State · Stripe dp_123". */
function disputeChange(e: OrderEventRecord): ActivityLine {
  const [field, dispute] = (e.detail ?? '').split(' · ');
  // Dates travel as ISO days; the screen shows days as DD-MM-YYYY everywhere else.
  const value = (v: string | null) => (v ? plainDate(v) : undefined);
  return {
    what: dispute ? `Dispute changed: ${field}` : 'Dispute changed',
    from: value(e.from_value),
    to: value(e.to_value),
    note: dispute ?? opt(e.detail),
  };
}

/** What a dispute_evidence event's to says happened at Stripe (DESIGN §26). */
const EVIDENCE_WHAT: Readonly<Record<string, string>> = {
  staged: 'Dispute evidence staged at Stripe',
  submitted: 'Dispute evidence submitted to Stripe',
  accepted: 'Dispute accepted (conceded) at Stripe',
};

/** A warning received (from null, to its fraud type) or decided (from open, to refunded or kept; detail: the reason). */
function fraudWarningLine(e: OrderEventRecord): ActivityLine {
  if (e.from_value === null) {
    const type = e.to_value ? e.to_value.replace(/_/g, ' ') : undefined;
    return { what: `Early fraud warning received${type ? `: ${type}` : ''}`, note: opt(e.detail) };
  }
  if (e.to_value === 'refunded') return { what: 'Fraud warning: refunded now', note: opt(e.detail) };
  if (e.to_value === 'kept') return { what: 'Fraud warning: kept, no refund', note: opt(e.detail) };
  return { what: 'Fraud warning', from: opt(e.from_value), to: opt(e.to_value), note: opt(e.detail) };
}

/** DESIGN §6 event kinds as a member would say them; an unknown kind still reads sensibly. */
export function describeEvent(e: OrderEventRecord): ActivityLine {
  const mail = mailKindLabel(e.to_value ?? '');
  switch (e.kind) {
    case ORDER_EVENT.created:
      return {
        what: `Order received as ${statusText(e.to_value)}`,
        note: e.detail ? `Source: ${e.detail}` : undefined,
      };
    case ORDER_EVENT.assign:
      return { what: `Assigned to ${e.to_value ?? '-'}` };
    case ORDER_EVENT.takeover:
      // issue 33: a takeover names the member who held the order
      return {
        what: e.from_value
          ? `Taken over from ${e.from_value} by ${e.to_value ?? '-'}`
          : `Taken over by ${e.to_value ?? '-'}`,
      };
    case ORDER_EVENT.unassign:
      return {
        what: 'Returned to its folder',
        note: opt(e.detail) ?? (e.from_value ? `Was with ${e.from_value}` : undefined),
      };
    case ORDER_EVENT.status:
      // a restore (DESIGN §23) says so in its detail
      return {
        what: 'Status changed',
        from: statusText(e.from_value),
        to: statusText(e.to_value),
        note: opt(e.detail),
      };
    case ORDER_EVENT.refund:
      // A refund request refunded where it waited (already in Refunds): no status changed to show.
      return e.from_value === e.to_value
        ? { what: 'Marked as refunded' }
        : { what: 'Marked as refunded', from: statusText(e.from_value), to: statusText(e.to_value) };
    case ORDER_EVENT.remark:
      return { what: 'Comment added', note: opt(e.detail) };
    case ORDER_EVENT.document:
      return { what: 'Document uploaded', note: opt(e.to_value) };
    case ORDER_EVENT.rejection:
      return { what: 'Document rejected', note: opt(e.to_value) };
    case ORDER_EVENT.processedBy:
      return { what: `Processed by ${e.to_value ?? '-'}` };
    case ORDER_EVENT.mail:
      return { what: `${mail} mail queued`, note: providerNote(e.detail) };
    case ORDER_EVENT.mailSent:
      return { what: `${mail} mail sent`, note: providerNote(e.detail) };
    case ORDER_EVENT.mailFailed:
      return { what: `${mail} mail failed`, note: providerNote(e.detail) };
    case ORDER_EVENT.mailRetry:
      return { what: `${mail} mail queued again`, note: providerNote(e.detail) };
    // DESIGN §14: to is the processor and dispute id; the detail its reason, amount and stage.
    case ORDER_EVENT.disputeOpened:
      return { what: `Dispute opened: ${e.to_value ?? '-'}`, note: opt(e.detail) };
    case ORDER_EVENT.disputeChanged:
      return disputeChange(e);
    // DESIGN §18: days travel as YYYY-MM-DD and show as DD-MM-YYYY
    case ORDER_EVENT.followUp:
      return {
        what: e.to_value ? 'Follow-up date set' : 'Follow-up date cleared',
        from: e.from_value ? plainDate(e.from_value) : undefined,
        to: e.to_value ? plainDate(e.to_value) : undefined,
      };
    // DESIGN §26: to is the amount; the detail names the refund at Stripe (and why it failed)
    case ORDER_EVENT.refundRequested:
      return { what: `Refund of ${e.to_value ?? '-'} sent to Stripe`, note: opt(e.detail) };
    case ORDER_EVENT.refundSucceeded:
      return { what: `Refund of ${e.to_value ?? '-'} made by Stripe`, note: opt(e.detail) };
    case ORDER_EVENT.refundFailed:
      return { what: `Refund of ${e.to_value ?? '-'} failed at Stripe`, note: opt(e.detail) };
    case ORDER_EVENT.fraudWarning:
      return fraudWarningLine(e);
    case ORDER_EVENT.disputeEvidence:
      return { what: EVIDENCE_WHAT[e.to_value ?? ''] ?? 'Dispute evidence sent to Stripe', note: opt(e.detail) };
    default: {
      const what = e.kind.replace(/[_-]+/g, ' ');
      return {
        what: what.charAt(0).toUpperCase() + what.slice(1),
        from: opt(e.from_value),
        to: opt(e.to_value),
        note: opt(e.detail),
      };
    }
  }
}
