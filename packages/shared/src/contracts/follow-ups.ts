import { FOLLOW_UP_MSG } from '../follow-ups.ts';
import { followUpResultSchema, followUpSchema } from '../schemas/follow-ups.ts';
import { contract } from './contract.ts';
import { at } from './endpoints.ts';

const tag = 'Working live';

export const FOLLOW_UP_API = {
  followUp: at('PUT', '/admin/follow-up'),
};

export const FOLLOW_UP_CONTRACTS = {
  followUp: contract(FOLLOW_UP_API.followUp, {
    summary: 'Set or clear the follow-up date of an order in Awaiting Customer or Awaiting Govt',
    description: `followUpOn: YYYY-MM-DD, or null to clear. 409 \`${FOLLOW_UP_MSG.wrongStatus}\` in any other status.`,
    tag,
    access: { capability: 'orders.work' },
    body: followUpSchema,
    data: followUpResultSchema,
  }),
};
