import { z } from 'zod';

/**
 * What a sign-in answers (admin-login, and admin-login/verify after the code): the token, or, for a
 * member with two-factor sign-in on, a challenge to answer with the code (DESIGN §17).
 */
export const signInReplySchema = z.union([
  z.strictObject({
    jwtToken: z.string(),
    /** REQUIRE_2FA names the member's type and they have not enrolled: the app sends them to it */
    twoFactorSetupRequired: z.literal(true).optional(),
  }),
  z.strictObject({ twoFactorRequired: z.literal(true), challenge: z.string() }),
]);
export type SignInReply = z.infer<typeof signInReplySchema>;
