import { ACCOUNT_CONTRACTS } from './accounts.ts';
import { CLAIMS_CONTRACTS } from './claims.ts';
import type { Contract } from './contract.ts';
import { DETAIL_CONTRACTS } from './detail.ts';
import { DISPUTE_INTAKE_CONTRACTS, DISPUTES_CONTRACTS } from './disputes.ts';
import { FOLLOW_UP_CONTRACTS } from './follow-ups.ts';
import { FRONT_CONTRACTS, INGEST_CONTRACTS } from './front.ts';
import { INBOX_CONTRACTS } from './inbox.ts';
import { LIVE_CONTRACTS } from './live.ts';
import { ORDERS_CONTRACTS } from './orders.ts';
import { PRIVACY_CONTRACTS } from './privacy.ts';
import { DEFENCE_CONTRACTS, REPORTS_CONTRACTS } from './reports.ts';
import { AUTH_CONTRACTS, GATEWAY_CONTRACTS, TEAM_CONTRACTS } from './staff.ts';

export * from './accounts.ts';
export * from './claims.ts';
export * from './contract.ts';
export * from './detail.ts';
export * from './disputes.ts';
export * from './endpoints.ts';
export * from './follow-ups.ts';
export * from './front.ts';
export * from './inbox.ts';
export * from './live.ts';
export * from './orders.ts';
export * from './privacy.ts';
export * from './reports.ts';
export * from './sign-in.ts';
export * from './staff.ts';

const GROUPS = {
  AUTH_CONTRACTS,
  ACCOUNT_CONTRACTS,
  TEAM_CONTRACTS,
  GATEWAY_CONTRACTS,
  ORDERS_CONTRACTS,
  CLAIMS_CONTRACTS,
  FOLLOW_UP_CONTRACTS,
  DETAIL_CONTRACTS,
  REPORTS_CONTRACTS,
  DEFENCE_CONTRACTS,
  INGEST_CONTRACTS,
  DISPUTES_CONTRACTS,
  DISPUTE_INTAKE_CONTRACTS,
  FRONT_CONTRACTS,
  PRIVACY_CONTRACTS,
  LIVE_CONTRACTS,
  INBOX_CONTRACTS,
};
type Groups = typeof GROUPS;

/** Every contract, one per endpoint under /api. */
export type ApiContract = { [G in keyof Groups]: Groups[G][keyof Groups[G]] }[keyof Groups];

export const API_CONTRACTS: readonly Contract[] = Object.values(GROUPS).flatMap((group) => Object.values(group));

/** The contract of an endpoint (method and path), found from the endpoint alone: callers need no zod at run time. */
export type ContractOf<E extends { method: string; path: string }> = Extract<
  ApiContract,
  { method: E['method']; path: E['path'] }
>;
