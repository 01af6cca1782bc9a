import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useGetTeamMemberListQuery } from '../team/index.ts';

export interface LogFilterValues {
  orderId?: string;
  memberId?: string;
  action?: string;
  from?: string;
  to?: string;
}

interface LogFiltersProps {
  values: LogFilterValues;
  actions: Readonly<Record<string, string>>;
  /** the access log filters by order too */
  byOrder: boolean;
  onChange: (values: LogFilterValues) => void;
  onCsv: () => void;
}

/** The filters both logs share (DESIGN §16): member, action, a period, and (access) an order id. */
export function LogFilters({ values, actions, byOrder, onChange, onCsv }: LogFiltersProps) {
  const team = useGetTeamMemberListQuery();
  const members = team.error ? [] : (team.data?.data ?? []);
  const set = (patch: LogFilterValues) => onChange({ ...values, ...patch });
  const text = (value: string) => (value === '' ? undefined : value);
  // An order id is applied whole (Enter or leaving the field), not at each key: a half-typed id is
  // not an order id and the server would refuse it.
  const [orderDraft, setOrderDraft] = useState(values.orderId ?? '');
  useEffect(() => setOrderDraft(values.orderId ?? ''), [values.orderId]);
  const applyOrder = () => {
    const orderId = text(orderDraft.trim());
    if (orderId !== values.orderId) set({ orderId });
  };
  return (
    <Form
      className="log-filters"
      onSubmit={(event) => {
        event.preventDefault();
        applyOrder();
      }}
    >
      {byOrder && (
        <Form.Group controlId="log-order">
          <Form.Label className="small">Order ID</Form.Label>
          <Form.Control
            size="sm"
            value={orderDraft}
            placeholder="UKETA-… and Enter"
            onChange={(event) => setOrderDraft(event.target.value)}
            onBlur={applyOrder}
          />
        </Form.Group>
      )}
      <Form.Group controlId="log-member">
        <Form.Label className="small">Member</Form.Label>
        <Form.Select
          size="sm"
          value={values.memberId ?? ''}
          onChange={(event) => set({ memberId: text(event.target.value) })}
        >
          <option value="">Everyone</option>
          {members.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="log-action">
        <Form.Label className="small">Action</Form.Label>
        <Form.Select
          size="sm"
          value={values.action ?? ''}
          onChange={(event) => set({ action: text(event.target.value) })}
        >
          <option value="">All</option>
          {Object.entries(actions).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="log-from">
        <Form.Label className="small">From</Form.Label>
        <Form.Control
          size="sm"
          type="date"
          value={values.from ?? ''}
          onChange={(event) => set({ from: text(event.target.value) })}
        />
      </Form.Group>
      <Form.Group controlId="log-to">
        <Form.Label className="small">To</Form.Label>
        <Form.Control
          size="sm"
          type="date"
          value={values.to ?? ''}
          onChange={(event) => set({ to: text(event.target.value) })}
        />
      </Form.Group>
      <div className="log-filters-actions">
        <Button size="sm" variant="outline-secondary" onClick={() => onChange({})}>
          Clear
        </Button>
        <Button size="sm" variant="outline-primary" onClick={onCsv}>
          Export CSV
        </Button>
      </div>
    </Form>
  );
}
