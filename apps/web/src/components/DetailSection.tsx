import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { orDash } from '../lib/format.ts';

interface DetailSectionProps {
  /** anchor id, so a link can jump to the section */
  id: string;
  title: string;
  /** what sits at the right of the header: counts, small actions */
  aside?: ReactNode;
  children: ReactNode;
  /** tables run edge to edge; forms and field lists keep the card's padding */
  flush?: boolean;
}

/** One numbered section of SPEC §2's order detail: a card whose heading names it for screen readers too. */
export function DetailSection({ id, title, aside, children, flush = false }: DetailSectionProps) {
  const headingId = `${id}-title`;
  return (
    <Card as="section" id={id} aria-labelledby={headingId} className="detail-section shadow-sm border-0">
      <Card.Header className="detail-section-header">
        <h2 id={headingId} className="h6 mb-0">
          {title}
        </h2>
        {aside}
      </Card.Header>
      {flush ? children : <Card.Body>{children}</Card.Body>}
    </Card>
  );
}

export interface Field {
  /** unique key when labels could repeat (further answers are labelled from the website's keys) */
  id?: string;
  label: string;
  value: ReactNode;
  /** long values (descriptions) take the whole row; 'half' two columns (email addresses) */
  wide?: boolean | 'half';
}

/** Label over value, in as many columns as fit: readable at 360 px and at 1366 px alike. */
export function FieldGrid({ fields, dense = false }: { fields: readonly Field[]; dense?: boolean }) {
  return (
    <dl className={`field-grid mb-0${dense ? ' dense' : ''}`}>
      {fields.map((field) => (
        <div
          key={field.id ?? field.label}
          className={field.wide === 'half' ? 'field span2' : field.wide ? 'field wide' : 'field'}
        >
          <dt>{field.label}</dt>
          <dd>{typeof field.value === 'string' || field.value == null ? orDash(field.value) : field.value}</dd>
        </div>
      ))}
    </dl>
  );
}
