/** `£39.99`, `US$12.00`; the plain amount and code when the currency is unknown to Intl. */
export function formatMoney(amountMinor: number, currency: string | null): string {
  const amount = amountMinor / 100;
  if (currency) {
    try {
      return new Intl.NumberFormat('en-GB', { style: 'currency', currency }).format(amount);
    } catch {
      return `${amount.toFixed(2)} ${currency}`;
    }
  }
  return amount.toFixed(2);
}
