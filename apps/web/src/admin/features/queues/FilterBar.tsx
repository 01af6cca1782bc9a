import {
  ASSIGNEE_NONE,
  DIAL_CODES,
  DISPUTE_LABEL,
  DISPUTE_PROCESSORS,
  encodeId,
  QUEUE_FILTER_LABEL,
  SLA_FILTER_LABEL,
  SLA_FILTERS,
} from '@eta/shared';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { selectUser, useAppSelector } from '../../../store/index.ts';
import type { QueueFilterValues } from './useQueueParams.ts';

const NATIONALITIES_ID = 'filter-nationalities';

interface Props {
  filters: QueueFilterValues;
  onChange: (filters: QueueFilterValues) => void;
  /**
   * The Awaiting queues' own order (DESIGN §18, §23): by the day to chase each order again, soonest
   * first. A sort, not a filter, offered here as no column shows the day (SPEC §2 fixes the columns).
   */
  followUpOrder?: { on: boolean; onChange: (on: boolean) => void };
}

/** One select of the bar: '' is "any". */
function Choice({
  name,
  value,
  options,
  onChange,
}: {
  name: keyof typeof QUEUE_FILTER_LABEL;
  value: string | undefined;
  options: readonly (readonly [string, string])[];
  onChange: (value: string) => void;
}) {
  return (
    <Form.Group className="filter-field" controlId={`filter-${name}`}>
      <Form.Label>{QUEUE_FILTER_LABEL[name]}</Form.Label>
      <Form.Select size="sm" value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">Any</option>
        {options.map(([v, label]) => (
          <option key={v} value={v}>
            {label}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}

/**
 * The filter bar above a queue (DESIGN §23): holder, due or overdue, follow-up due, domain,
 * processor, nationality and dates. Each change applies at once and lives in the address; the
 * nationality waits for the member to leave the field or press Enter, as typing is not choosing.
 */
export function FilterBar({ filters, onChange, followUpOrder }: Props) {
  const me = useAppSelector(selectUser);
  const set = (key: string, value: string) => {
    const next: Record<string, string> = { ...filters };
    if (value) next[key] = value;
    else delete next[key];
    onChange(next);
  };
  const [nationality, setNationality] = useState(filters.nationality ?? '');
  useEffect(() => setNationality(filters.nationality ?? ''), [filters.nationality]);
  const commitNationality = () => {
    if (nationality.trim() !== (filters.nationality ?? '')) set('nationality', nationality.trim());
  };
  const holders: [string, string][] = [[ASSIGNEE_NONE, 'Nobody']];
  if (me) holders.unshift([encodeId(me.id), 'Me']);
  const any = Object.keys(filters).length > 0;

  return (
    <fieldset className="filter-bar" aria-label="Filters">
      <Choice name="assignee" value={filters.assignee} options={holders} onChange={(v) => set('assignee', v)} />
      <Choice
        name="sla"
        value={filters.sla}
        options={SLA_FILTERS.map((s) => [s, SLA_FILTER_LABEL[s]] as const)}
        onChange={(v) => set('sla', v)}
      />
      <Form.Group className="filter-field filter-check" controlId="filter-followUpDue">
        <Form.Check
          type="checkbox"
          label={QUEUE_FILTER_LABEL.followUpDue}
          checked={filters.followUpDue === '1'}
          onChange={(e) => set('followUpDue', e.target.checked ? '1' : '')}
        />
      </Form.Group>
      {followUpOrder && (
        <Form.Group className="filter-field filter-check" controlId="sort-follow-up">
          <Form.Check
            type="checkbox"
            label="Follow-up day first"
            checked={followUpOrder.on}
            onChange={(e) => followUpOrder.onChange(e.target.checked)}
          />
        </Form.Group>
      )}
      <Choice
        name="domain"
        value={filters.domain}
        options={[
          ['primary', 'Primary'],
          ['secondary', 'Secondary'],
        ]}
        onChange={(v) => set('domain', v)}
      />
      <Choice
        name="processor"
        value={filters.processor}
        options={DISPUTE_PROCESSORS.map((p) => [p, DISPUTE_LABEL[p]] as const)}
        onChange={(v) => set('processor', v)}
      />
      <Form.Group className="filter-field" controlId="filter-nationality">
        <Form.Label>{QUEUE_FILTER_LABEL.nationality}</Form.Label>
        <Form.Control
          size="sm"
          list={NATIONALITIES_ID}
          value={nationality}
          maxLength={100}
          onChange={(e) => setNationality(e.target.value)}
          onBlur={commitNationality}
          onKeyDown={(e) => {
            if (e.key === 'Enter') commitNationality();
          }}
        />
        <datalist id={NATIONALITIES_ID}>
          {DIAL_CODES.map((c) => (
            <option key={c.iso2 + c.name} value={c.name} />
          ))}
        </datalist>
      </Form.Group>
      {(['fromDate', 'toDate'] as const).map((key) => (
        <Form.Group key={key} className="filter-field" controlId={`filter-${key}`}>
          <Form.Label>{QUEUE_FILTER_LABEL[key]}</Form.Label>
          <Form.Control size="sm" type="date" value={filters[key] ?? ''} onChange={(e) => set(key, e.target.value)} />
        </Form.Group>
      ))}
      {any && (
        <Button variant="link" size="sm" className="filter-clear" onClick={() => onChange({})}>
          Clear filters
        </Button>
      )}
    </fieldset>
  );
}
