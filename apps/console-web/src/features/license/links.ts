// Spec 002 §2.8: the external pages the Licence page opens, always in a new tab. Each carries
// a ref parameter naming the mode it was opened from: `op` in operator mode, otherwise `con`.

export const LICENSE_LINKS = {
  communityChat: 'https://slack.min.io',
  pricing: 'https://min.io/pricing',
  subscriptionSupport: 'https://subnet.min.io/support/',
  compliance: 'https://min.io/compliance',
  trademark: 'https://min.io/logo',
} as const;

export type LicenseLink = keyof typeof LICENSE_LINKS;

/** `https://min.io/pricing` → `https://min.io/pricing?ref=con` (console mode). */
export function externalUrl(link: LicenseLink, operator: boolean): string {
  const url = new URL(LICENSE_LINKS[link]);
  url.searchParams.set('ref', operator ? 'op' : 'con');
  return url.href;
}
