import type { OrderDetail } from '@eta/shared';
import Badge from 'react-bootstrap/Badge';
import { DetailSection, type Field, FieldGrid } from '../../../../components/DetailSection.tsx';
import { humanizeKey, MISSING, orDash, yesNo } from '../format.ts';

/** The questionnaire of SPEC §3 in the website's order, each with the question a member reads. */
const QUESTIONS: readonly { key: keyof OrderDetail; label: string; wide?: boolean }[] = [
  { key: 'other_nationalities_than_qatar_section_details', label: 'Holds other nationalities' },
  { key: 'other_nationalities', label: 'Other nationalities' },
  { key: 'employment_section_details', label: 'Employed' },
  { key: 'job', label: 'Job' },
  { key: 'criminal_conviction', label: 'Criminal conviction' },
  { key: 'brief_description_of_crime', label: 'Description of the crime', wide: true },
  { key: 'convicted_country', label: 'Country of conviction' },
  { key: 'sentenced_for_12_months_in_prison', label: 'Sentenced to 12 months or more in prison' },
  { key: 'convicted_any_other_crime_in_last_12_month', label: 'Convicted of another crime in the last 12 months' },
  { key: 'convicted_any_other_crime', label: 'Convicted of any other crime' },
  { key: 'other_brief_description_of_crime', label: 'Description of the other crime', wide: true },
  { key: 'prison_convicted_country', label: 'Country of imprisonment' },
  { key: 'suspected_and_involved_section', label: 'Involved in or suspected of war crimes, terrorism or extremism' },
  { key: 'select_option_for_crime_involvement', label: 'Involvement (options chosen)', wide: true },
];

/** A 'Yes' to any of these questions is what a member must not miss: it stands out. */
function Answer({ value }: { value: unknown }) {
  const text = yesNo(value as string | number | boolean | null);
  if (text === 'Yes') {
    return (
      <Badge bg="warning" text="dark">
        Yes
      </Badge>
    );
  }
  return <span className="text-break">{text}</span>;
}

/** A day or month the website sent as `3`: `03`, as every other date on the page is written. */
const padded = (part: string) => (/^\d$/.test(part) ? `0${part}` : part);

/** The three parts of the conviction date, as one date: `30-03-2019`. */
export function convictionDate(order: Pick<OrderDetail, 'convict_date' | 'convict_month' | 'convict_year'>): string {
  const parts = [order.convict_date, order.convict_month, order.convict_year].map((p) => padded(orDash(p)));
  return parts.every((p) => p === MISSING) ? MISSING : parts.join('-');
}

/** Section 6 of SPEC §2: the questionnaire, then any further answers the website sent. */
export function AdditionalQuestions({ order }: { order: OrderDetail }) {
  const fields: Field[] = QUESTIONS.map((q) => ({
    label: q.label,
    value: <Answer value={order[q.key]} />,
    ...(q.wide ? { wide: true } : {}),
  }));
  fields.splice(7, 0, { label: 'Date of conviction (day-month-year)', value: convictionDate(order) });
  const extra = Object.entries(order.extra_answers ?? {}).map(([key, value]) => ({
    id: key,
    label: humanizeKey(key),
    value: <Answer value={value} />,
  }));
  return (
    <DetailSection id="additional-questions" title="Additional Questions">
      <FieldGrid fields={fields} />
      {extra.length > 0 && (
        <>
          <h3 className="h6 text-secondary mt-4 mb-2">Further answers</h3>
          <FieldGrid fields={extra} />
        </>
      )}
    </DetailSection>
  );
}
