import { EVIDENCE_MSG } from '@eta/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PURCHASE } from '../stripe-fixtures.ts';
import { call, describeEachDialect, type Member, type TestApp } from '../test-app.ts';
import { buildLiveApp, disputedOrder, LIVE_TIMEOUT, payer } from './live-setup.ts';

/**
 * The evidence and accept flows of stripe-evidence.test.ts against Stripe's own test mode
 * (DESIGN §26): a payment disputed by Stripe's test card, its dispute delivered to the desk as
 * Stripe's webhook would, then evidence staged and sent (or the dispute accepted) through the
 * desk's routes, and Stripe asked what it holds.
 */
describeEachDialect("dispute evidence against Stripe's test mode", (dialect) => {
  let t: TestApp;
  let team: Member;
  const stripe = payer();
  // No earlier charge of this card and IP exists at Stripe: Visa CE 3.0 must stay out.
  const purchase = { ...PURCHASE, card_fingerprint: `fp_live_${Date.now()}`, purchase_ip: '203.0.113.77' };

  beforeAll(async () => {
    ({ t, team } = await buildLiveApp(dialect));
  });
  afterAll(() => t.close());

  it(
    'stages the evidence at Stripe, then submits it once; a second submit is refused',
    async () => {
      const { dispute, atStripe, orderId } = await disputedOrder(t, team, stripe, purchase);
      const url = `/api/admin/disputes/${dispute.id}/evidence`;

      const staged = await call(t, 'POST', url, team.token, { submit: false });
      expect(staged.statusCode, staged.body).toBe(200);
      expect(staged.json()).toMatchObject({
        message: EVIDENCE_MSG.staged,
        data: { submitted: false, enhanced: false },
      });
      const { fields, files } = staged.json().data as {
        fields: Record<string, string>;
        files: { field: string; file_id: string }[];
      };
      expect(fields.access_activity_log).toMatch(
        /IP 198\.51\.100\.4 · Firefox on Linux · time zone Europe\/London · downloaded the eTA document/,
      );
      expect(fields.product_description).toContain(orderId);
      expect(files.map((f) => f.field).sort()).toEqual(['customer_communication', 'uncategorized_file']);

      // Stripe holds what the desk staged: the texts, and the files it uploaded, as PDFs for disputes
      let held = await stripe.disputes.retrieve(atStripe.id);
      expect(held.status).toBe('needs_response');
      expect(held.evidence).toMatchObject({
        access_activity_log: fields.access_activity_log,
        customer_name: 'Jane Doe',
        customer_purchase_ip: '203.0.113.77',
        billing_address: '1 High Street, Leeds, LS1 1AA, United Kingdom',
        refund_policy_disclosure: fields.refund_policy_disclosure,
        product_description: fields.product_description,
      });
      expect(held.evidence.enhanced_evidence.visa_compelling_evidence_3?.prior_undisputed_transactions ?? []).toEqual(
        [],
      );
      for (const file of files) {
        expect(held.evidence[file.field as 'uncategorized_file' | 'customer_communication']).toBe(file.file_id);
        const uploaded = await stripe.files.retrieve(file.file_id);
        expect([uploaded.purpose, uploaded.type]).toEqual(['dispute_evidence', 'pdf']);
      }
      expect(held.evidence_details).toMatchObject({ has_evidence: true, submission_count: 0 });

      const sent = await call(t, 'POST', url, team.token, { submit: true });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json().data.dispute.evidence_submitted_at).not.toBeNull();
      held = await stripe.disputes.retrieve(atStripe.id);
      // Test mode decides a submitted dispute only for the evidence texts winning_evidence or
      // losing_evidence, which the desk never sends: it stays under review.
      expect(held.status).toBe('under_review');
      expect(held.evidence_details.submission_count).toBe(1);
      expect(held.evidence.access_activity_log).toBe(fields.access_activity_log);

      const again = await call(t, 'POST', url, team.token, { submit: true });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(EVIDENCE_MSG.alreadySubmitted);
      expect((await call(t, 'POST', `/api/admin/disputes/${dispute.id}/accept`, team.token)).statusCode).toBe(409);
      expect((await stripe.disputes.retrieve(atStripe.id)).evidence_details.submission_count).toBe(1);
    },
    LIVE_TIMEOUT,
  );

  it(
    'accepts a dispute at Stripe, which then says it is lost; no evidence goes after',
    async () => {
      const { dispute, atStripe } = await disputedOrder(t, team, stripe, purchase);
      const res = await call(t, 'POST', `/api/admin/disputes/${dispute.id}/accept`, team.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ state: 'accepted' });
      const held = await stripe.disputes.retrieve(atStripe.id);
      expect(held.status).toBe('lost');
      expect(held.evidence_details.submission_count).toBe(0);
      const late = await call(t, 'POST', `/api/admin/disputes/${dispute.id}/evidence`, team.token, { submit: false });
      expect(late.statusCode).toBe(409);
      expect(late.json().message).toBe(EVIDENCE_MSG.alreadyAccepted);
    },
    LIVE_TIMEOUT,
  );
});
