import { TOTP_STEP_SECONDS, TOTP_WINDOW_STEPS } from '@eta/shared';
import { generate, generateSecret, generateURI, verify } from 'otplib';

/** What authenticator apps show above the codes. */
const ISSUER = 'eTA Desk';

/** A new secret: 20 random bytes (RFC 4226's recommended 160 bits), in Base32 as apps take it. */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

export const totpUri = (email: string, secret: string): string =>
  generateURI({ issuer: ISSUER, label: email, secret, period: TOTP_STEP_SECONDS });

/**
 * The time step a six-digit code belongs to, or null: RFC 6238 with 30-second steps, one step
 * either side of `now` for clocks that drift, and never a step at or before `afterStep` (a code
 * already used, or older than one used: replaying a code seen over a shoulder gets nothing).
 */
export async function totpStep(
  secret: string,
  code: string,
  now: number,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now / 1000),
    period: TOTP_STEP_SECONDS,
    epochTolerance: TOTP_STEP_SECONDS * TOTP_WINDOW_STEPS,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  }).catch(() => null);
  // otplib's result type does not name timeStep in every branch; a valid TOTP result carries it
  return result?.valid ? (result as { timeStep: number }).timeStep : null;
}

/** The code an app shows at `now` (tests and the seed compute codes the way an app does). */
export const totpAt = (secret: string, now: number): Promise<string> =>
  generate({ secret, epoch: Math.floor(now / 1000), period: TOTP_STEP_SECONDS });
