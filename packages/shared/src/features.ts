/**
 * Parts of the product an installation may have set up or not (DESIGN §25 the mailbox read back,
 * §26 Stripe). The server says which are on (`GET /api/admin/features`); a screen that needs one
 * that is off can never have content, so the sidebar leaves it out and its address says why.
 */
export const FEATURES = ['mailbox', 'stripe'] as const;
export type Feature = (typeof FEATURES)[number];
export type Features = Readonly<Record<Feature, boolean>>;

/**
 * What staff read where a screen needs a part that is off: in their terms, never a setting's name
 * (those are for operators, in docs/operations/ and the logs).
 */
export const FEATURE_OFF: Readonly<Record<Feature, { title: string; text: string }>> = {
  mailbox: {
    title: 'No mailbox is connected',
    text: 'Customer replies are not read into the desk, so no mail waits here to be matched to an order. Mail to customers from templates still goes out. An administrator can connect the mailbox.',
  },
  stripe: {
    title: 'Stripe is not connected',
    text: 'Refunds, dispute evidence and early fraud warnings do not go through Stripe here: each refund is made in the payment gateway the order was paid through. An administrator can connect Stripe.',
  },
};

export const FEATURES_MSG = { listed: 'Features' } as const;
