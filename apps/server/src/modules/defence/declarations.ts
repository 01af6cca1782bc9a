import { dialCodeOf, MAIL_PROVIDER_LABEL, type MailProvider } from '@eta/shared';
import { longDate, stampUtc } from '../../lib/pdf/text.ts';
import type { Evidence } from './evidence.ts';

/** The questionnaire's questions as the applicant read them (SPEC §3 questionnaire fields). */
const QUESTIONS: readonly (readonly [string, string])[] = [
  ['other_nationalities_than_qatar_section_details', 'Do you hold any other nationality?'],
  ['other_nationalities', 'Other nationalities'],
  ['employment_section_details', 'Are you currently employed?'],
  ['job', 'Job or occupation'],
  ['criminal_conviction', 'Have you ever been convicted of a criminal offence?'],
  ['brief_description_of_crime', 'Description of the offence'],
  ['convicted_country', 'Country of the conviction'],
  ['sentenced_for_12_months_in_prison', 'Were you sentenced to 12 months or more in prison?'],
  ['convicted_any_other_crime_in_last_12_month', 'Convicted of any other offence in the last 12 months?'],
  ['convicted_any_other_crime', 'Convicted of any other offence?'],
  ['other_brief_description_of_crime', 'Description of the other offence'],
  ['prison_convicted_country', 'Country of the prison sentence'],
  ['suspected_and_involved_section', 'Ever involved in or suspected of war crimes, terrorism or extremism?'],
  ['select_option_for_crime_involvement', 'Details of that involvement'],
];

const humanise = (key: string) => {
  const words = key.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** Answers the applicant gave, in the form's order, then any further answers the website sent. */
export function declarations(evidence: Evidence): [string, string][] {
  const o = evidence.order as unknown as Record<string, string | null>;
  const rows: [string, string][] = [];
  for (const [field, question] of QUESTIONS) {
    const answer = o[field]?.trim();
    if (answer) rows.push([question, answer]);
    if (field === 'other_brief_description_of_crime') {
      const date = [o.convict_date, o.convict_month, o.convict_year].filter((p) => p?.trim()).join(' ');
      if (date) rows.push(['Date of the conviction', date]);
    }
  }
  if (evidence.order.extra_answers) {
    try {
      const extra = JSON.parse(evidence.order.extra_answers) as Record<string, unknown>;
      for (const [key, value] of Object.entries(extra)) {
        if (value !== null && value !== '') rows.push([humanise(key), String(value)]);
      }
    } catch {
      // Stored by the ingestion as JSON; a broken value is left out rather than failing the pack.
    }
  }
  return rows;
}

/** The applicant as they described themselves on the form. */
/** "12 April 1990" for a date the website sent as YYYY-MM-DD, as every other date of the pack; other text as sent. */
function writtenDate(value: string | null): string {
  if (!value) return '';
  return /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? longDate(value.trim()) : value;
}

export function applicantRows(evidence: Evidence): [string, string][] {
  const o = evidence.order;
  const address = [o.address_line1, o.address_line2, o.address_line3, o.town_and_city, o.post_code, o.country]
    .filter((p) => p?.trim())
    .join(', ');
  const parents = [o.parental_given_name, o.parental_sur_name].filter((p) => p?.trim()).join(' ');
  const dial = dialCodeOf(o.country_code);
  const phone = o.phone_number ? `${dial ? `+${dial} ` : ''}${o.phone_number}` : '';
  return [
    ['Name', evidence.applicant],
    ['Date of birth', writtenDate(o.date_of_birth)],
    ['Nationality', o.nationality ?? ''],
    ['Email address', o.contact_email_address ?? ''],
    ['Telephone', phone],
    ['Home address', address],
    ["Parent's name", parents],
    ['Intended date of travel', writtenDate(o.intended_travel_date)],
  ].filter(([, value]) => value) as [string, string][];
}

export const providerLabel = (provider: string) => MAIL_PROVIDER_LABEL[provider as MailProvider] ?? provider;

const MAIL_LABEL: Record<string, string> = {
  approval: 'Approval email with the eTA download link',
  resend: 'Reminder of the approval email',
  rejection: 'Rejection email',
  refund: 'Refund email',
  invoice: 'Invoice email',
};
export const mailLabel = (kind: string) => MAIL_LABEL[kind] ?? `${humanise(kind)} email`;

/** "Email Cloud, 14 Mar 2026, 10:32:05 UTC" */
export const sentWith = (provider: string, at: string | null) => `${providerLabel(provider)}, ${stampUtc(at)}`;
