import { PRIVACY_MSG } from '@eta/shared';
import { AppError } from '../../lib/app-error.ts';

/**
 * DESIGN §22: once an order's personal data is erased it gets no mail of any kind, whatever address
 * a member types (an open detail may still hold the old one): 409, before anything is written.
 */
export function assertMailable(order: { personal_erased_at: string | null }): void {
  if (order.personal_erased_at) throw AppError.conflict(PRIVACY_MSG.mailRefused);
}
