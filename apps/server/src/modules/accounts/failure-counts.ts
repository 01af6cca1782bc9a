import { TWO_FACTOR_FAILURES_ALLOWED } from '@eta/shared';
import type { AppContext } from '../../context.ts';

const FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Wrong passwords and wrong codes, counted per account wherever they are tried: at sign-in, at
 * "confirm it is you" and when turning 2FA off (DESIGN §22). A stolen session buys no more guesses
 * than the sign-in screen gives (5 in 15 minutes, then 429). The limiters are one per name
 * (lib/failure-limiter.ts `oncePerName`), so every service asking here counts with the others.
 */
export function accountFailures(ctx: Pick<AppContext, 'failureLimiters' | 'config'>) {
  return {
    /** wrong passwords, by the member's email (as typed at sign-in, in lower case) */
    passwords: ctx.failureLimiters.create('sign-in', ctx.config.rateLimit.loginFailuresPerAccount, FAILURE_WINDOW_MS),
    /** wrong codes, by sign-in challenge and by account (`accountKey`) */
    codes: ctx.failureLimiters.create('sign-in-code', TWO_FACTOR_FAILURES_ALLOWED, FAILURE_WINDOW_MS),
  };
}

/** The key a member's wrong codes count under, whichever route they were tried on. */
export const accountKey = (memberId: number): string => `member:${memberId}`;
