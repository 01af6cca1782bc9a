import { followUpOnLabel, isFollowUpStatus, type OrderDetail } from '@eta/shared';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { refused } from '../../../lib/apiError.ts';
import { notify } from '../../../lib/notify.ts';
import { useSetFollowUpMutation } from './api.ts';
import { FollowUpDueBadge } from './FollowUpDue.tsx';
import { FOLLOW_UP_TEXT } from './texts.ts';

/**
 * The follow-up date of an order in Awaiting Customer or Awaiting Govt (DESIGN §18): a date to set
 * or change, Clear, and "Follow-up due" once the day has come. Nothing in any other status.
 */
export function FollowUpPanel({ order, locked }: { order: OrderDetail; locked: boolean }) {
  const [day, setDay] = useState(order.follow_up_on ?? '');
  const [save, state] = useSetFollowUpMutation();
  if (!isFollowUpStatus(order.process_status)) return null;

  const send = async (followUpOn: string | null) => {
    const envelope = await save({ orderId: order.order_id, followUpOn }).unwrap().catch(refused);
    if (envelope && notify(envelope)) setDay(followUpOn ?? '');
  };
  const busy = state.isLoading || locked;

  return (
    <Card className="shadow-sm border-0 mt-3 follow-up-panel" data-testid="follow-up-panel">
      <Card.Header className="detail-section-header d-flex align-items-center gap-2">
        <h2 className="h6 mb-0">{FOLLOW_UP_TEXT.title}</h2>
        <FollowUpDueBadge order={order} />
      </Card.Header>
      <Card.Body>
        <p className="small text-secondary mb-2">
          {order.follow_up_on ? followUpOnLabel(order.follow_up_on) : FOLLOW_UP_TEXT.none}
        </p>
        <Form
          className="d-flex flex-wrap align-items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (day) void send(day);
          }}
        >
          <Form.Group controlId="follow-up-on">
            <Form.Label className="small mb-1">{FOLLOW_UP_TEXT.dateLabel}</Form.Label>
            <Form.Control type="date" size="sm" value={day} onChange={(e) => setDay(e.target.value)} disabled={busy} />
          </Form.Group>
          <Button type="submit" size="sm" disabled={busy || !day || day === order.follow_up_on}>
            {FOLLOW_UP_TEXT.save}
          </Button>
          {order.follow_up_on && (
            <Button size="sm" variant="outline-secondary" onClick={() => void send(null)} disabled={busy}>
              {FOLLOW_UP_TEXT.clear}
            </Button>
          )}
        </Form>
      </Card.Body>
    </Card>
  );
}
