import { z } from 'zod';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

/** What this installation has set up (DESIGN §25 mailbox, §26 Stripe): screens that need a part left off are hidden. */
export const FEATURES_API = {
  features: at('GET', '/admin/features'),
};

/** Which parts are set up: the mailbox read back (DESIGN §25) and refunds and evidence through Stripe (§26). */
export const featuresSchema = z.strictObject({
  /** a mailbox is read for replies and bounces: Unmatched Mail can have content */
  mailbox: z.boolean(),
  /** Stripe's key is set: refunds, evidence and fraud warnings go through Stripe */
  stripe: z.boolean(),
});

export const FEATURES_CONTRACTS = {
  features: contract(FEATURES_API.features, {
    summary: 'What this installation has set up: the mailbox read back and Stripe',
    description: 'The admin hides screens that need a part left off, and says so where one is opened by its address.',
    tag: 'Auth',
    // open before enrolment too: the shell around the Account page asks it (DESIGN §17)
    access: { capability: 'signedIn', beforeTwoFactor: true },
    data: featuresSchema,
  }),
};
