import type { OrderDetail } from '@eta/shared';
import Badge from 'react-bootstrap/Badge';
import { DetailSection, FieldGrid } from '../../../../components/DetailSection.tsx';
import { MISSING, orDash, plainDate } from '../format.ts';

/** "+44 7700 900000": the dial code (SPEC §3 maps country_code to it) before the number, unless the number has one. */
export function phoneText(order: Pick<OrderDetail, 'phone_number' | 'country_code'>): string {
  const phone = orDash(order.phone_number);
  if (phone === MISSING) return phone;
  if (phone.startsWith('+') || !order.country_code) return phone;
  return `+${order.country_code} ${phone}`;
}

/** A typo between the two addresses is worth seeing before any mail goes out. */
function ConfirmEmail({ order }: { order: OrderDetail }) {
  const confirm = order.confirm_contact_email_address;
  const differs =
    !!confirm &&
    !!order.contact_email_address &&
    confirm.trim().toLowerCase() !== order.contact_email_address.trim().toLowerCase();
  return (
    <>
      <span className="text-break">{orDash(confirm)}</span>
      {differs && (
        <Badge bg="warning" text="dark" className="ms-2">
          Does not match
        </Badge>
      )}
    </>
  );
}

/** Section 5 of SPEC §2: who the applicant is and how to reach them. */
export function PersonalInfo({ order }: { order: OrderDetail }) {
  return (
    <DetailSection id="personal-info" title="Personal and Contact Information">
      <FieldGrid
        dense
        fields={[
          { label: 'First Name', value: order.first_name },
          { label: 'Surname', value: order.sur_name },
          { label: 'Date of Birth', value: plainDate(order.date_of_birth) },
          { label: 'Parental Given Name', value: order.parental_given_name },
          { label: 'Parental Surname', value: order.parental_sur_name },
          { label: 'Nationality', value: order.nationality },
          { label: 'Contact Email', value: orDash(order.contact_email_address), wide: 'half' },
          { label: 'Phone Number', value: phoneText(order) },
          { label: 'Confirm Contact Email', value: <ConfirmEmail order={order} />, wide: 'half' },
          { label: 'Intended Travel Date', value: plainDate(order.intended_travel_date) },
          { label: 'Email', value: orDash(order.email), wide: 'half' },
          { label: 'Address Line 1', value: order.address_line1 },
          { label: 'Address Line 2', value: order.address_line2 },
          { label: 'Address Line 3', value: order.address_line3 },
          { label: 'Town / City', value: order.town_and_city },
          { label: 'Post Code', value: order.post_code },
          { label: 'Country', value: order.country },
        ]}
      />
    </DetailSection>
  );
}
