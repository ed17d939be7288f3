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
