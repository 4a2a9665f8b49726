/** Ad-platform customer ids, below the domain and the ad platform that both write them. */

export function digitsOnly(customerId: string): string {
  return customerId.replace(/-/g, '');
}

/** Customer ids are kept and shown in the ad platform's usual 123-456-7890 form. */
export function formatCustomerId(customerId: string): string {
  const d = digitsOnly(customerId);
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
}
