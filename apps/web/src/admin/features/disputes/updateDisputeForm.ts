import { type DISPUTES_API, type DisputeRecord, updateDisputeSchema } from '@eta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { BodyOf } from '../../../lib/endpoint.ts';

export type UpdateDisputeBody = BodyOf<typeof DISPUTES_API.update>;

/** The change form as typed: days as YYYY-MM-DD, '' for none. */
export interface UpdateDisputeValues {
  stage: string;
  state: string;
  respondBy: string;
  evidenceSubmittedAt: string;
  note: string;
}

const dayOf = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** The form for `dispute` as it stands. */
export function updateDisputeDefaults(dispute: DisputeRecord): UpdateDisputeValues {
  return {
    stage: dispute.stage,
    state: dispute.state,
    respondBy: dayOf(dispute.respond_by),
    evidenceSubmittedAt: dayOf(dispute.evidence_submitted_at),
    note: dispute.note ?? '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

/**
 * Only what the member changed, so a save never rewrites (and logs in Activity) what they left
 * alone. A cleared date or note is null: for the deadline that means "estimate it again" (DESIGN §14).
 */
export function toUpdateDisputeBody(values: UpdateDisputeValues, before: UpdateDisputeValues): UpdateDisputeBody {
  const body: UpdateDisputeBody = {};
  if (values.stage !== before.stage) body.stage = values.stage as UpdateDisputeBody['stage'];
  if (values.state !== before.state) body.state = values.state as UpdateDisputeBody['state'];
  if (values.respondBy !== before.respondBy) body.respondBy = orNull(values.respondBy);
  if (values.evidenceSubmittedAt !== before.evidenceSubmittedAt)
    body.evidenceSubmittedAt = orNull(values.evidenceSubmittedAt);
  if (values.note.trim() !== before.note.trim()) body.note = orNull(values.note.trim());
  return body;
}

const checkBody = zodResolver(updateDisputeSchema, undefined, { raw: true });

/** The shared schema's rules over the body the form would send (its changes against `before`). */
export const updateDisputeResolver =
  (before: UpdateDisputeValues): Resolver<UpdateDisputeValues, unknown, UpdateDisputeBody> =>
  async (values, context, options) =>
    (await checkBody(toUpdateDisputeBody(values, before) as never, context, options as never)) as never;
