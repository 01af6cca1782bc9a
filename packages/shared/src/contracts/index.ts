import { ACCOUNT_CONTRACTS } from './accounts.ts';
import { CLAIMS_CONTRACTS } from './claims.ts';
import type { Contract } from './contract.ts';
import { DETAIL_CONTRACTS } from './detail.ts';
import { DISPUTE_INTAKE_CONTRACTS, DISPUTES_CONTRACTS } from './disputes.ts';
import { FEATURES_CONTRACTS } from './features.ts';
import { FIND_CONTRACTS } from './find.ts';
import { FOLLOW_UP_CONTRACTS } from './follow-ups.ts';
import { FRONT_CONTRACTS, INGEST_CONTRACTS } from './front.ts';
import { INBOX_CONTRACTS } from './inbox.ts';
import { LIVE_CONTRACTS } from './live.ts';
import { NOTIFICATIONS_CONTRACTS } from './notifications.ts';
import { ORDERS_CONTRACTS } from './orders.ts';
import { PRIVACY_CONTRACTS } from './privacy.ts';
import { PROCESSOR_CONTRACTS } from './processor.ts';
import { DEFENCE_CONTRACTS, REPORTS_CONTRACTS } from './reports.ts';
import { AUTH_CONTRACTS, GATEWAY_CONTRACTS, TEAM_CONTRACTS } from './staff.ts';
import { VIEWS_CONTRACTS } from './views.ts';

export * from './accounts.ts';
export * from './claims.ts';
export * from './contract.ts';
export * from './detail.ts';
export * from './disputes.ts';
export * from './endpoints.ts';
export * from './features.ts';
export * from './find.ts';
export * from './follow-ups.ts';
export * from './front.ts';
export * from './inbox.ts';
export * from './live.ts';
export * from './notifications.ts';
export * from './orders.ts';
export * from './privacy.ts';
export * from './processor.ts';
export * from './reports.ts';
export * from './sign-in.ts';
export * from './staff.ts';
export * from './views.ts';

const GROUPS = {
  AUTH_CONTRACTS,
  FEATURES_CONTRACTS,
  ACCOUNT_CONTRACTS,
  TEAM_CONTRACTS,
  GATEWAY_CONTRACTS,
  ORDERS_CONTRACTS,
  FIND_CONTRACTS,
  VIEWS_CONTRACTS,
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
  NOTIFICATIONS_CONTRACTS,
  PROCESSOR_CONTRACTS,
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
