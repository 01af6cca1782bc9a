import { DEFENCE_CONTRACTS, DETAIL_CONTRACTS, DISPUTES_CONTRACTS, PRIVACY_CONTRACTS } from '@eta/shared';
import { expect } from 'vitest';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { api } from './api-client.ts';
import { PDF, uploadDocument } from './detail-fixtures.ts';
import { openDispute } from './dispute-fixtures.ts';
import { buildOrder, PNG_URL, seedOrders } from './orders-fixtures.ts';
import { type Member, reauth, type TestApp } from './test-app.ts';

/** A person whose every trace an erasure must remove: words found nowhere else in a test's database. */
export const PERSON = {
  first: 'Wilhelmina',
  last: 'Quixotely',
  email: 'wilhelmina.quixotely@example.test',
  phone: '7700911222',
  street: '12 Zanzibar Mews',
} as const;

/** What must appear nowhere after the erasure (case-insensitive): the names, the email, the phone, the address. */
export const PERSON_TRACES = [PERSON.first, PERSON.last, PERSON.email, PERSON.phone, PERSON.street];

/**
 * An order of PERSON with their data copied everywhere the app copies it: a document (uploaded under
 * a file name with the person's name, its approval mail sent as an .eml file), an invoice (PDF and
 * mail), a remark naming them, a dispute whose note names them, a subject export of their address
 * (access and audit logs), a detail view, and a resend still waiting in the outbox.
 */
export async function personWithCopies(t: TestApp, admin: Member) {
  const [orderId] = await seedOrders(t, [
    buildOrder({
      first_name: PERSON.first,
      sur_name: PERSON.last,
      contact_email_address: PERSON.email,
      phone_number: PERSON.phone,
      address_line1: PERSON.street,
      passport_image: PNG_URL,
      upload_image: PNG_URL,
    }),
  ]);
  const id = orderId as string;
  const ok = (res: { statusCode: number; body: string }, code = 200) => expect(res.statusCode, res.body).toBe(code);
  ok(
    await uploadDocument(
      t,
      admin.token,
      { orderId: id, email: PERSON.email },
      { filename: `${PERSON.first}-${PERSON.last}-eta.pdf`, type: 'application/pdf', bytes: PDF },
    ),
    201,
  );
  ok(
    await api(
      t,
      DETAIL_CONTRACTS.addRemark,
      { body: { orderId: id, remark: `Called ${PERSON.first} ${PERSON.last} on ${PERSON.phone}` } },
      admin,
    ),
    201,
  );
  ok(await api(t, DEFENCE_CONTRACTS.sendInvoice, { body: { orderId: id } }, admin));
  await drainOutbox(t.app);
  const dispute = await openDispute(t, admin, id);
  ok(
    await api(
      t,
      DISPUTES_CONTRACTS.update,
      { params: { id: dispute.id }, body: { note: `${PERSON.first} says the eTA never came` } },
      admin,
    ),
  );
  // a subject export asks the member to confirm it is them first (DESIGN §22)
  await reauth(t, admin.token);
  ok(await api(t, PRIVACY_CONTRACTS.subjectExport, { body: { email: PERSON.email } }, admin));
  ok(await api(t, DETAIL_CONTRACTS.detail, { params: { orderId: id } }, admin));
  // queued, never sent: the erasure must stop it
  ok(await api(t, DETAIL_CONTRACTS.resendMail, { body: { orderId: id, email: PERSON.email } }, admin));
  return { orderId: id, disputeId: dispute.id };
}
