import type { ShareLink } from '@stowage/contract';

export type LinkState = 'active' | 'revoked' | 'expired' | 'exhausted';

/** Whether a recorded link still works, and if not, why (revoked first: it is final). */
export function linkState(link: ShareLink, now: number): LinkState {
  if (link.revoked) return 'revoked';
  if (Date.parse(link.expires) <= now) return 'expired';
  if (link.download_limit !== undefined && link.download_count >= link.download_limit) return 'exhausted';
  return 'active';
}
