import type { Delivery } from '@eta/shared';
import Badge from 'react-bootstrap/Badge';
import { DELIVERY_BADGE, DELIVERY_WORD } from './texts.ts';

/** A mail's delivery as a word, with the server's diagnostic (a bounce's reason, a failure) below it. */
export function DeliveryBadge({ delivery, detail }: { delivery: Delivery; detail: string | null }) {
  return (
    <div data-testid="delivery">
      <Badge bg={DELIVERY_BADGE[delivery]}>{DELIVERY_WORD[delivery]}</Badge>
      {detail && <div className="small text-secondary text-break">{detail}</div>}
    </div>
  );
}
