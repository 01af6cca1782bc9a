import type { AccessAction } from '@eta/shared';
import type { FastifyRequest } from 'fastify';

/** One read of an order's personal data by the signed-in member, as the access log records it. */
export interface PersonalDataRead {
  action: AccessAction;
  /** the order's public id */
  orderId: string;
  /** which image or document, the pack's type */
  detail: string | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** what this request hands out of orders' personal data: the access log records it before the reply leaves */
    personalDataReads: PersonalDataRead[] | null;
  }
}

/**
 * A route that hands out personal data says so here (DESIGN §16); the privacy module's hook records
 * it before the bytes leave, or refuses to send them when it cannot.
 */
export function readsPersonalData(
  request: FastifyRequest,
  action: AccessAction,
  orderId: string,
  detail: string | null = null,
): void {
  request.personalDataReads ??= [];
  request.personalDataReads.push({ action, orderId, detail });
}
