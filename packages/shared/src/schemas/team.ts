import { z } from 'zod';
import { MSG, SERVER_MSG } from '../messages.ts';
import { memberTypeSchema, PASSWORD_MIN } from './auth.ts';
import { requiredEmail, requiredText, text } from './fields.ts';

/** Standard invalid-email text for the team form (SPEC §5 leaves it to the library). */
export const INVALID_EMAIL_STANDARD = 'Invalid email address';

const memberFields = {
  name: requiredText(MSG.memberNameRequired, 100),
  email: requiredEmail(MSG.memberEmailRequired, INVALID_EMAIL_STANDARD),
  password: text({ error: MSG.memberPasswordRequired })
    .min(1, { error: MSG.memberPasswordRequired })
    .min(PASSWORD_MIN, { error: SERVER_MSG.memberPasswordMin })
    .max(200),
  type: memberTypeSchema,
};

export const addMemberSchema = z.strictObject(memberFields);
export type AddMemberInput = z.infer<typeof addMemberSchema>;

/**
 * On update a blank password keeps the current one (DESIGN decision,
 * docs/decisions/0007-on-update-a-blank-password-keeps-the-current-one.md).
 */
export const updateMemberSchema = z.strictObject({
  ...memberFields,
  password: text()
    .max(200)
    .optional()
    .default('')
    // Only spaces counts as blank: it keeps the current password rather than setting a useless one.
    .transform((value) => (value.trim() === '' ? '' : value))
    .refine((value) => value === '' || value.length >= PASSWORD_MIN, { error: SERVER_MSG.memberPasswordMin }),
  tmId: text({ error: 'tmId is required.' }).min(1, { error: 'tmId is required.' }),
});
export type UpdateMemberInput = z.infer<typeof updateMemberSchema>;

export const deleteMemberSchema = z.strictObject({
  teamMemberId: text({ error: 'teamMemberId is required.' }).min(1, { error: 'teamMemberId is required.' }),
});

/** Team member record as listed (SPEC §3: id, name, email, type; id encoded; password never sent back). */
export const teamMemberRecordSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  type: z.string(),
  created_at: z.string(),
  /** two-factor sign-in is on (DESIGN §17): Manage Team shows it, and Admin may reset it */
  two_factor_enabled: z.boolean(),
});
export type TeamMemberRecord = z.infer<typeof teamMemberRecordSchema>;
