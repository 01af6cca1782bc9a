import { DISPUTE_PROCESSORS, DISPUTE_STATES } from '@eta/shared';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { DisputeOptions } from './DisputeOptions.tsx';
import { DISPUTE_TEXT } from './texts.ts';
import type { DisputeFilters } from './useDisputeFilters.ts';

interface DisputeFiltersFormProps {
  filters: DisputeFilters;
  onChange: (patch: Partial<DisputeFilters>) => void;
}

/** State, processor and "due before" (DESIGN §14): each applies as soon as it is picked. */
export function DisputeFiltersForm({ filters, onChange }: DisputeFiltersFormProps) {
  const any = Boolean(filters.state || filters.processor || filters.dueBefore);
  return (
    <Form className="disputes-filters" aria-label={DISPUTE_TEXT.filtersLabel} onSubmit={(e) => e.preventDefault()}>
      <Form.Group controlId="dispute-filter-state">
        <Form.Label className="small mb-1">{DISPUTE_TEXT.state}</Form.Label>
        <Form.Select
          size="sm"
          value={filters.state ?? ''}
          onChange={(e) => onChange({ state: (e.target.value || undefined) as DisputeFilters['state'] })}
        >
          <DisputeOptions values={DISPUTE_STATES} empty={DISPUTE_TEXT.anyState} />
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="dispute-filter-processor">
        <Form.Label className="small mb-1">{DISPUTE_TEXT.processor}</Form.Label>
        <Form.Select
          size="sm"
          value={filters.processor ?? ''}
          onChange={(e) => onChange({ processor: (e.target.value || undefined) as DisputeFilters['processor'] })}
        >
          <DisputeOptions values={DISPUTE_PROCESSORS} empty={DISPUTE_TEXT.anyProcessor} />
        </Form.Select>
      </Form.Group>
      <Form.Group controlId="dispute-filter-due">
        <Form.Label className="small mb-1">{DISPUTE_TEXT.dueBefore}</Form.Label>
        {/* The tile's exact instant shows as its day; picking a day means that day's end (DESIGN §14). */}
        <Form.Control
          size="sm"
          type="date"
          value={filters.dueBefore?.slice(0, 10) ?? ''}
          onChange={(e) => onChange({ dueBefore: e.target.value || undefined })}
        />
      </Form.Group>
      {any && (
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => onChange({ state: undefined, processor: undefined, dueBefore: undefined })}
        >
          {DISPUTE_TEXT.clearFilters}
        </Button>
      )}
    </Form>
  );
}
