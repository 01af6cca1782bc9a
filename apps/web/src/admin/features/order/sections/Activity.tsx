import type { OrderEventRecord } from '@eta/shared';
import type { ReactNode } from 'react';
import { DetailSection } from '../../../../components/DetailSection.tsx';
import { ScrollRegion } from '../../../../components/ScrollRegion.tsx';
import { describeEvent } from '../activity.ts';
import { keyed, stamp } from '../format.ts';
import { ORDER_TEXT } from '../texts.ts';

function Entry({ event }: { event: OrderEventRecord }) {
  const line = describeEvent(event);
  return (
    <li className="activity-entry">
      <div className="activity-what">
        <span className="fw-semibold">{line.what}</span>
        {(line.from || line.to) && (
          <span className="activity-move">
            <span className="badge text-bg-light border">{line.from ?? '-'}</span>
            <span aria-hidden="true">→</span>
            <span className="visually-hidden">to</span>
            <span className="badge text-bg-light border">{line.to ?? '-'}</span>
          </span>
        )}
        {line.note && <div className="small text-secondary text-break">{line.note}</div>}
      </div>
      <div className="activity-meta small text-secondary">
        <time dateTime={event.created_at}>{stamp(event.created_at)} UTC</time>
        <span>{event.staff_name || ORDER_TEXT.system}</span>
      </div>
    </li>
  );
}

/**
 * Section 9: SPEC leaves it open; it is the order's event log (DESIGN §6), newest first. `children`
 * follow the log: who opened the order, for those who may read the access log (DESIGN §16).
 */
export function Activity({ events, children }: { events: readonly OrderEventRecord[]; children?: ReactNode }) {
  return (
    <DetailSection
      id="activity"
      title="Activity"
      flush
      aside={<span className="text-secondary small">{events.length}</span>}
    >
      <ScrollRegion className="activity-list" label="Activity">
        <ol className="activity-entries" data-testid="activity">
          {keyed(events, (e) => `${e.created_at}|${e.kind}|${e.to_value}`).map(({ key, item }) => (
            <Entry key={key} event={item} />
          ))}
        </ol>
      </ScrollRegion>
      {children && <div className="activity-after">{children}</div>}
    </DetailSection>
  );
}
