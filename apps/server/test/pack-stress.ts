import { DETAIL_CONTRACTS, STATUS } from '@eta/shared';
import { drainOutbox } from '../src/modules/mail/mail.service.ts';
import { api } from './api-client.ts';
import { documentPdf, saveTransaction } from './defence-fixtures.ts';
import { newOrder, orderRow, pdfFile, uploadDocument } from './detail-fixtures.ts';
import { jpegImage, webpImage } from './image-fixtures.ts';
import { CHROME_ON_WINDOWS, downloadLink, front, SAFARI_ON_IPHONE } from './public-fixtures.ts';
import type { TestApp } from './test-app.ts';

const DAY = 86_400_000;
const MINUTE = 60_000;
/** the clock a stress-order app starts at (pass as `clockStart`), so earlier orders can be dated before it */
export const STRESS_START = Date.parse('2030-04-20T08:00:00.000Z');

export const STRESS = {
  firstName: 'Αλέξανδρος Łukasz Maximilian Johannes',
  lastName: 'Nguyễn-Żółć Papadopoulos-Ivanov von Habsburg-Lothringen',
  town: 'Санкт-Петербург',
  transactionId: 'pi_3QxYzAbCdEfGhIjKlMnOpQrStUvWxYz_0123456789_ABCDEFGHIJKLMNOPQRS',
  merchantName: 'ETA ONLINE SERVICES LIMITED UNITED KINGDOM',
  purchaseIp: '203.0.113.77',
  reminders: 10,
  downloads: 44,
} as const;

/**
 * An order that tries a pack's layout as hard as real orders do (issue 18): a long transaction id,
 * a long name in three scripts, a replaced document (the first rejected, then a WebP one uploaded
 * and mailed), ten reminders, 44 downloads from many places, purchase evidence and two earlier
 * orders of the same card (CE 3.0). Each step a little after the last, so times read in order.
 */
export async function stressOrder(t: TestApp, token: string): Promise<{ orderId: string; email: string }> {
  const evidence = {
    card_fingerprint: 'fp_stress_0001',
    purchase_ip: STRESS.purchaseIp,
    device_id: 'device-7f3a9c2e-41b8-4d0e-9a6f-0c1d2e3f4a5b',
  };
  const earlier = (days: number) =>
    newOrder(t, {
      ...evidence,
      created_at: new Date(STRESS_START - days * DAY).toISOString(),
      process_status: STATUS.Completed,
    });
  await earlier(200);
  await earlier(150);
  const passport = await jpegImage(1200, 850, 90);
  const orderId = await newOrder(t, {
    ...evidence,
    process_status: STATUS.Completed,
    first_name: STRESS.firstName,
    sur_name: STRESS.lastName,
    address_line1: 'улица Большая Морская, дом 47, квартира 12',
    town_and_city: STRESS.town,
    country: 'Russia',
    date_of_birth: '1988-11-03',
    passport_image: `data:image/jpeg;base64,${passport.toString('base64')}`,
    purchase_user_agent: CHROME_ON_WINDOWS,
    terms_version: '2030-01',
    terms_accepted_at: new Date(STRESS_START - MINUTE).toISOString(),
    refund_policy_version: '2029-11',
    disclaimer_shown: true,
    three_ds_result: 'authenticated',
    avs_result: 'Y',
    cvc_result: 'M',
    payment_reference: 'ch_3QxYzAbCdEfGhIjK0123456789',
    card_last4: '4242',
    card_brand: 'Visa',
    payment_processor: 'stripe',
  });
  const { contact_email_address: email, id } = await orderRow(t, orderId);
  const order = { orderId, email: email as string };
  const step = () => t.advance(7 * MINUTE);

  step();
  const first = await uploadDocument(t, token, order, pdfFile(await documentPdf(1)));
  if (first.statusCode !== 201) throw new Error(`upload failed: ${first.body}`);
  await drainOutbox(t.app);
  step();
  await download(t, order, id, '198.51.100.1', 0);
  step();
  const rejected = await api(t, DETAIL_CONTRACTS.rejectionMail, { body: order }, token);
  if (rejected.statusCode !== 200) throw new Error(`rejection failed: ${rejected.body}`);
  await drainOutbox(t.app);
  step();
  const webp = { filename: 'eta.webp', type: 'image/webp', bytes: await webpImage(900, 1270) };
  const second = await uploadDocument(t, token, order, webp);
  if (second.statusCode !== 201) throw new Error(`upload failed: ${second.body}`);
  await drainOutbox(t.app);
  for (let i = 0; i < STRESS.reminders; i += 1) {
    step();
    const provider = i % 2 === 0 ? 'cloud' : 'delivery';
    const res = await api(t, DETAIL_CONTRACTS.resendMail, { body: { ...order, mailServiceProvider: provider } }, token);
    if (res.statusCode !== 200) throw new Error(`resend failed: ${res.body}`);
    await drainOutbox(t.app);
  }
  for (let i = 0; i < STRESS.downloads; i += 1) {
    step();
    await download(t, order, id, i % 3 === 0 ? STRESS.purchaseIp : `192.0.2.${10 + (i % 17)}`, i);
  }
  await saveTransaction(t, token, orderId, STRESS.transactionId, STRESS.merchantName);
  return order;
}

async function download(t: TestApp, order: { orderId: string; email: string }, id: number, ip: string, i: number) {
  // tracked from the downloader's own address, as a customer does (the public limits count per address)
  const tracked = await front(t, 'track-order', order, { ip });
  if (tracked.statusCode !== 200) throw new Error(`track-order failed: ${tracked.body}`);
  const access = tracked.json().data.accessToken as string;
  const [doc] = await t.app.ctx.db
    .selectFrom('documents')
    .select('file1')
    .where('order_key', '=', id)
    .orderBy('id', 'desc')
    .limit(1)
    .execute();
  await downloadLink(t, { id, ...order }, { id: 0, file1: doc?.file1 as string, bytes: Buffer.alloc(0) }, access, {
    ip,
    userAgent: i % 2 === 0 ? CHROME_ON_WINDOWS : SAFARI_ON_IPHONE,
    timezone: i % 2 === 0 ? 'America/Argentina/ComodRivadavia' : 'Europe/London',
  });
}
