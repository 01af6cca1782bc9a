/** The two domains of SPEC §1 and the order id prefix rule of DESIGN §6. */
export type Domain = 'primary' | 'secondary';
export const DOMAINS: readonly Domain[] = ['primary', 'secondary'];

export const DEFAULT_DOMAIN_PREFIXES: Readonly<Record<Domain, readonly string[]>> = {
  primary: ['UKETA', 'UK'],
  secondary: ['UKTA', 'eTA'],
};

/** Longest configured prefix found at the start of the first 6 characters wins; no match means primary. */
export function domainOfOrderId(
  orderId: string,
  prefixes: Readonly<Record<Domain, readonly string[]>> = DEFAULT_DOMAIN_PREFIXES,
): Domain {
  const head = orderId.slice(0, 6);
  let best: { domain: Domain; length: number } = { domain: 'primary', length: 0 };
  for (const domain of DOMAINS) {
    for (const prefix of prefixes[domain]) {
      if (prefix.length > best.length && head.startsWith(prefix)) best = { domain, length: prefix.length };
    }
  }
  return best.domain;
}
