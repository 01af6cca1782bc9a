import {
  type DoubleDispute,
  EVIDENCE_TEXT_LIMIT,
  FILE_EVIDENCE,
  StripeRefusal,
  TEXT_EVIDENCE,
} from './stripe-test-double-wire.ts';

const seconds = () => Math.floor(Date.now() / 1000);

/**
 * Stripe's checks on a dispute update, as strict as Stripe: only its evidence fields, file fields
 * naming an uploaded dispute_evidence file, text within its limit, `submit` true or false, and no
 * update once the dispute was submitted, closed or is past its deadline.
 */
export function checkDisputeUpdate(
  dispute: DoubleDispute,
  form: Record<string, unknown>,
  files: Map<string, { purpose: string }>,
): void {
  for (const key of Object.keys(form))
    if (!['evidence', 'submit', 'metadata'].includes(key))
      throw new StripeRefusal(400, 'parameter_unknown', `Received unknown parameter: ${key}`, key);
  if (form.submit !== undefined && form.submit !== 'true' && form.submit !== 'false')
    throw new StripeRefusal(400, 'parameter_invalid_boolean', 'Invalid boolean: submit', 'submit');
  if (!['needs_response', 'warning_needs_response'].includes(dispute.status))
    throw new StripeRefusal(
      400,
      null,
      `This dispute is ${dispute.status} and its evidence can no longer be changed.`,
      null,
    );
  if (dispute.evidence_details.due_by < seconds())
    throw new StripeRefusal(400, null, 'This dispute is past its due date and can no longer be updated.', null);
  const evidence = (form.evidence ?? {}) as Record<string, unknown>;
  let text = 0;
  for (const [field, value] of Object.entries(evidence)) {
    if (field === 'enhanced_evidence') {
      checkEnhanced(value);
      continue;
    }
    if ((TEXT_EVIDENCE as readonly string[]).includes(field)) {
      if (typeof value !== 'string')
        throw new StripeRefusal(
          400,
          'parameter_invalid_string',
          `Invalid string: evidence[${field}]`,
          `evidence[${field}]`,
        );
      text += value.length;
      continue;
    }
    if ((FILE_EVIDENCE as readonly string[]).includes(field)) {
      const file = files.get(String(value));
      if (file?.purpose !== 'dispute_evidence')
        throw new StripeRefusal(
          400,
          'resource_missing',
          `No such file upload: '${String(value)}'`,
          `evidence[${field}]`,
        );
      continue;
    }
    throw new StripeRefusal(
      400,
      'parameter_unknown',
      `Received unknown parameter: evidence[${field}]`,
      `evidence[${field}]`,
    );
  }
  if (text > EVIDENCE_TEXT_LIMIT)
    throw new StripeRefusal(
      400,
      'parameter_invalid_string',
      'The evidence text is longer than 150,000 characters.',
      'evidence',
    );
}

/** Visa Compelling Evidence 3.0: prior undisputed transactions, each naming a charge. */
function checkEnhanced(value: unknown): void {
  const ce3 = (value as Record<string, unknown> | undefined)?.visa_compelling_evidence_3 as
    | Record<string, unknown>
    | undefined;
  const param = 'evidence[enhanced_evidence]';
  if (!ce3 || Object.keys(value as object).length !== 1)
    throw new StripeRefusal(400, 'parameter_unknown', `Received unknown parameter: ${param}`, param);
  for (const key of Object.keys(ce3))
    if (!['prior_undisputed_transactions', 'disputed_transaction'].includes(key))
      throw new StripeRefusal(
        400,
        'parameter_unknown',
        `Received unknown parameter: ${param}[visa_compelling_evidence_3][${key}]`,
        param,
      );
  const prior = ce3.prior_undisputed_transactions;
  if (
    prior !== undefined &&
    (!Array.isArray(prior) || prior.some((p) => typeof (p as { charge?: unknown }).charge !== 'string'))
  )
    throw new StripeRefusal(400, 'parameter_invalid_array', 'prior_undisputed_transactions must name charges.', param);
}
