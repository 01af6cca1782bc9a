import { z } from 'zod';
import { MSG } from '../messages.ts';
import { ROLES, type Role } from '../roles.ts';
import { requiredEmail, requiredText, text } from './fields.ts';

export const PASSWORD_MIN = 6;

export const loginSchema = z.strictObject({
  email: requiredEmail(MSG.emailRequired, MSG.invalidEmail),
  password: text({ error: MSG.passwordRequired }).min(1, { error: MSG.passwordRequired }).max(200),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const changePasswordSchema = z.strictObject({
  newPassword: text({ error: MSG.newPasswordRequired })
    .min(1, { error: MSG.newPasswordRequired })
    .min(PASSWORD_MIN, { error: MSG.newPasswordMin })
    .max(200),
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** The user object inside the signed token (SPEC §3: decoded on the client into user.name and user.type). */
export interface TokenUser {
  id: number;
  name: string;
  email: string;
  type: Role;
}

export const memberTypeSchema = z.enum(ROLES as [Role, ...Role[]], { error: MSG.memberTypeRequired });

export { requiredText };
