import type { Delivery } from '@eta/shared';
import Badge from 'react-bootstrap/Badge';
import { DELIVERY_BADGE, DELIVERY_WORD } from './texts.ts';

/** white text on these fails WCAG 1.4.3 (1.95:1 on info): they take dark text, as `text-bg-*` does */
const LIGHT_BACKGROUNDS = new Set(['info', 'warning']);

/** A mail's delivery as a word, with the server's diagnostic (a bounce's reason, a failure) below it. */
export function DeliveryBadge({ delivery, detail }: { delivery: Delivery; detail: string | null }) {
  const bg = DELIVERY_BADGE[delivery];
  return (
    <div data-testid="delivery">
      <Badge bg={bg} text={LIGHT_BACKGROUNDS.has(bg) ? 'dark' : undefined}>
        {DELIVERY_WORD[delivery]}
      </Badge>
      {detail && <div className="small text-secondary text-break">{detail}</div>}
    </div>
  );
}
