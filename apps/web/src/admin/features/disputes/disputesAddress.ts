import type { DisputeProcessor, DisputeState } from '@eta/shared';

/** What the Disputes screen's address holds (the dashboard tile links with some of it). */
export interface DisputesAddress {
  unmatched?: boolean;
  state?: DisputeState | undefined;
  processor?: DisputeProcessor | undefined;
  dueBefore?: string | undefined;
  page?: number;
  /** rows per page; left out: the screen's default */
  perPage?: number | undefined;
}

/**
 * The query string of the Disputes screen. Kept apart from the screen's hook so the dashboard's
 * tile can link there without the schemas the hook's page sizes come with (DESIGN §11 first load).
 */
export function disputesSearch(address: DisputesAddress): string {
  const out = new URLSearchParams();
  if (address.unmatched) out.set('view', 'unmatched');
  if (address.state) out.set('state', address.state);
  if (address.processor) out.set('processor', address.processor);
  if (address.dueBefore) out.set('dueBefore', address.dueBefore);
  if (address.page && address.page > 1) out.set('page', String(address.page));
  if (address.perPage) out.set('size', String(address.perPage));
  return out.toString();
}
