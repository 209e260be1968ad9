/**
 * The one money formatter: paise (integers, as stored) shown in rupees with the ₹ sign, 2 decimals and
 * Indian digit grouping (₹1,23,456.00). Built by hand so server messages and the console agree whatever ICU data Node or the browser carries.
 */
export function formatRupees(paise: number | null | undefined): string {
  if (paise === null || paise === undefined || !Number.isFinite(paise)) return '';
  const negative = paise < 0;
  const whole = Math.round(Math.abs(paise));
  const rupees = String(Math.floor(whole / 100));
  const decimals = String(whole % 100).padStart(2, '0');
  // the last three digits, then groups of two (lakh, crore)
  const lastThree = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}₹${rest ? `${rest},` : ''}${lastThree}.${decimals}`;
}

/** Rupees (as a user types them, up to 2 decimals) to paise; undefined when it is not such an amount. */
export function parseRupees(text: string): number | undefined {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/[₹,]/g, ''));
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
