import { addMemberSchema, memberTypeSchema, updateMemberSchema } from '@eta/shared';
import { z } from 'zod';

/** The select starts on "Select Type" (value ''), which must give the shared 'Please select type.'. */
const typeField = z.string().pipe(memberTypeSchema);

/** Add form: the shared rules of SPEC §5 as they are. */
export const addMemberForm = addMemberSchema.extend({ type: typeField });

/** Edit form: the shared update rules without tmId (it comes from the path); a blank password keeps the old one. */
export const editMemberForm = updateMemberSchema.omit({ tmId: true }).extend({ type: typeField });

export type MemberFormValues = z.input<typeof addMemberForm>;
export type MemberFormOutput = z.output<typeof addMemberForm>;
export const MEMBER_FIELDS = ['name', 'email', 'password', 'type'] as const;
