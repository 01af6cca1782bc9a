import { MAIL_STATUS } from '@eta/shared';
import { stampUtc } from '../../lib/pdf/text.ts';
import { mailLabel, providerLabel } from './declarations.ts';
import type { Evidence } from './evidence.ts';

export interface TimelineEntry {
  at: string;
  what: string;
  detail: string;
}

/** Downloads named one by one in the timeline up to this many; the download log has them all. */
const DOWNLOADS_IN_TIMELINE = 10;

/** Events that are evidence of the service; internal ones (assignment, remarks, retries) stay out. */
function fromEvent(e: Evidence['events'][number]): TimelineEntry | null {
  const at = e.created_at;
  switch (e.kind) {
    case 'status':
      return {
        at,
        what: `Order moved to ${(e.to_value ?? '').trim()}`,
        detail: `from ${(e.from_value ?? '-').trim()}`,
      };
    case 'processed_by':
      return { at, what: 'Application processed and submitted', detail: 'by our processing team' };
    case 'refund':
      return { at, what: 'Refund recorded', detail: '' };
    default:
      return null;
  }
}

/** The order's life in time order: placed and paid, processed, the current document, the mails that carried it, its downloads. */
export function timeline(evidence: Evidence, trimmed = false): TimelineEntry[] {
  const o = evidence.order;
  const entries: TimelineEntry[] = [
    {
      at: o.created_at,
      what: 'Application submitted and paid on the website',
      detail: [evidence.site.name, evidence.amount].filter(Boolean).join(', '),
    },
  ];
  for (const e of evidence.events) {
    const entry = fromEvent(e);
    if (entry) entries.push(entry);
  }
  // The current document's own upload; a document withdrawn or replaced is not part of the delivery.
  if (evidence.document) {
    entries.push({
      at: evidence.document.created_at,
      what: 'Approved eTA document added to the order',
      detail: 'ready for the customer to download',
    });
  }
  for (const m of evidence.mails) {
    if (m.status !== MAIL_STATUS.sent || !m.sent_at) continue;
    entries.push({
      at: m.sent_at,
      what: `${mailLabel(m.kind)} sent`,
      detail: `to ${m.to_address} via ${providerLabel(m.provider)}`,
    });
  }
  const downloads = evidence.downloads;
  // made smaller to fit a processor's limits: the first and the latest download stand for the rest
  const inTimeline = trimmed ? 2 : DOWNLOADS_IN_TIMELINE;
  const shown =
    downloads.length <= inTimeline ? downloads : [downloads[0], downloads.at(-1)].filter((d) => d !== undefined);
  for (const d of shown) {
    entries.push({ at: d.create_ts, what: 'eTA downloaded by the customer', detail: `from IP ${d.ip}` });
  }
  if (shown.length < downloads.length) {
    entries.push({
      at: downloads.at(-1)?.create_ts ?? o.created_at,
      what: `${downloads.length} downloads in all`,
      detail: 'every one is listed in the download log',
    });
  }
  return entries.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

export const timelineRows = (entries: readonly TimelineEntry[]) =>
  entries.map((e) => [stampUtc(e.at), e.what, e.detail]);
