import { expect } from 'vitest';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { PDF, uploadDocument } from './detail-fixtures.ts';
import { openDispute } from './dispute-fixtures.ts';
import { buildOrder, PNG_URL, seedOrders } from './orders-fixtures.ts';
import { call, type Member, reauth, type TestApp } from './test-app.ts';

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
    await call(t, 'POST', '/api/admin/add-new-remark', admin.token, {
      orderId: id,
      remark: `Called ${PERSON.first} ${PERSON.last} on ${PERSON.phone}`,
    }),
    201,
  );
  ok(await call(t, 'POST', '/api/admin/send-invoice', admin.token, { orderId: id }));
  await drainOutbox(t.app);
  const dispute = await openDispute(t, admin, id);
  ok(
    await call(t, 'PUT', `/api/admin/disputes/${dispute.id}`, admin.token, {
      note: `${PERSON.first} says the eTA never came`,
    }),
  );
  // a subject export asks the member to confirm it is them first (DESIGN §22)
  await reauth(t, admin.token);
  ok(await call(t, 'POST', '/api/admin/subject-export', admin.token, { email: PERSON.email }));
  ok(await call(t, 'GET', `/api/admin/get-orders-details/${id}`, admin.token));
  // queued, never sent: the erasure must stop it
  ok(await call(t, 'POST', '/api/admin/resend-mail', admin.token, { orderId: id, email: PERSON.email }));
  return { orderId: id, disputeId: dispute.id };
}
