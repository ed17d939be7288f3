// Whether the browser may talk to the storage server itself: a request that needs a CORS
// preflight (like a part PUT with its headers) and reads the answer. Any answer will do (an
// anonymous request is refused); only a refused preflight or no server at all fails.

export async function canReachServer(serverUrl: string, bucket: string): Promise<boolean> {
  try {
    await fetch(`${serverUrl.replace(/\/+$/, '')}/${encodeURIComponent(bucket)}?location`, {
      method: 'HEAD',
      headers: { 'x-amz-content-sha256': 'UNSIGNED-PAYLOAD' },
      credentials: 'omit',
      cache: 'no-store',
    });
    return true;
  } catch {
    return false;
  }
}

const reachableOrigins = new Map<string, Promise<boolean>>();

/**
 * Whether the browser reaches a server at all, asked once per origin for the page's life: a
 * browser-direct download is a navigation, so CORS does not matter, but an address only the
 * console can reach, or a plain-HTTP one under an HTTPS console, would leave a failed file in the
 * downloads list. Any answer will do. The probe is anonymous (the URL without its signature):
 * a HEAD of a URL signed for GET would be a wrong signature, which the store counts against the
 * browser's address.
 */
export function canReachUrl(url: string): Promise<boolean> {
  const bare = new URL(url);
  bare.search = '';
  let ok = reachableOrigins.get(bare.origin);
  if (!ok) {
    ok = fetch(bare, { method: 'HEAD', mode: 'no-cors', credentials: 'omit', cache: 'no-store' }).then(
      () => true,
      () => false,
    );
    reachableOrigins.set(bare.origin, ok);
  }
  return ok;
}

/** Tests start each case with nothing known. */
export const forgetReachableOrigins = () => reachableOrigins.clear();
