import { z } from 'zod';
import { ACCOUNT_MSG, RECOVERY_CODE, TOTP_CODE } from '../accounts.ts';
import { MSG } from '../messages.ts';
import { PASSWORD_MIN } from './auth.ts';
import { requiredEmail, text } from './fields.ts';

/** A code as typed: spaces dropped ("123 456" from some apps), then a TOTP or a recovery code. */
export const codeField = text({ error: ACCOUNT_MSG.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .min(1, { error: ACCOUNT_MSG.codeRequired })
      .refine((value) => TOTP_CODE.test(value) || RECOVERY_CODE.test(value), { error: ACCOUNT_MSG.codeFormat }),
  );

/** Only a TOTP: enrolment and switching off prove the app, not a recovery code. */
export const totpField = text({ error: ACCOUNT_MSG.codeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(1, { error: ACCOUNT_MSG.codeRequired }).regex(TOTP_CODE, { error: ACCOUNT_MSG.codeFormat }));

export const verifyLoginSchema = z.strictObject({
  challenge: text({ error: ACCOUNT_MSG.challengeExpired }).min(1, { error: ACCOUNT_MSG.challengeExpired }).max(4096),
  code: codeField,
});
export type VerifyLoginInput = z.infer<typeof verifyLoginSchema>;

export const totpCodeSchema = z.strictObject({ code: totpField });
export type TotpCodeInput = z.infer<typeof totpCodeSchema>;

/**
 * "Confirm it is you" (DESIGN §22): the password, or a code (a TOTP or an unused recovery code);
 * exactly one of them.
 */
export const reauthSchema = z
  .strictObject({
    password: text({ error: ACCOUNT_MSG.reauthMissing })
      .min(1, { error: ACCOUNT_MSG.reauthMissing })
      .max(200)
      .optional(),
    code: codeField.optional(),
  })
  .refine((body) => (body.password === undefined) !== (body.code === undefined), {
    error: ACCOUNT_MSG.reauthMissing,
  });
export type ReauthInput = z.infer<typeof reauthSchema>;

/** Until when the session's confirmation holds. */
export const reauthReplySchema = z.strictObject({ confirmedUntil: z.string() });

/** Ten recovery codes, shown once (enrolment, and new ones on request). */
export const recoveryCodesReplySchema = z.strictObject({ recoveryCodes: z.array(z.string()) });

export const forgotPasswordSchema = z.strictObject({
  email: requiredEmail(MSG.emailRequired, MSG.invalidEmail),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** SPEC §5's new-password messages, as on Update Password. */
export const resetPasswordSchema = z.strictObject({
  token: text({ error: ACCOUNT_MSG.resetTokenRequired }).min(1, { error: ACCOUNT_MSG.resetTokenRequired }).max(200),
  newPassword: text({ error: MSG.newPasswordRequired })
    .min(1, { error: MSG.newPasswordRequired })
    .min(PASSWORD_MIN, { error: MSG.newPasswordMin })
    .max(200),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

export const teamMemberRefSchema = z.strictObject({
  teamMemberId: text({ error: 'teamMemberId is required.' }).min(1, { error: 'teamMemberId is required.' }).max(64),
});

/** One signed-in session, as "My sessions" and Manage Team list it. */
export const sessionRecordSchema = z.strictObject({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  ip: z.string().nullable(),
  /** "Chrome 131 on Windows" */
  device: z.string(),
  userAgent: z.string().nullable(),
  /** the session this request came with */
  current: z.boolean(),
});
export type SessionRecord = z.infer<typeof sessionRecordSchema>;

/** What the Account page shows of the caller's own account. */
export const accountRecordSchema = z.strictObject({
  name: z.string(),
  email: z.string(),
  type: z.string(),
  twoFactor: z.strictObject({
    enabled: z.boolean(),
    /** REQUIRE_2FA names this member's type: it cannot be turned off, and is asked for at sign-in */
    required: z.boolean(),
    recoveryCodesLeft: z.number().int().min(0),
  }),
});
export type AccountRecord = z.infer<typeof accountRecordSchema>;

export const twoFactorSetupSchema = z.strictObject({
  secret: z.string(),
  otpauthUrl: z.string(),
  qrDataUrl: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;
