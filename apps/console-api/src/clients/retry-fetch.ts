// A kept-alive socket the server closed (after a restart, or at the end of its idle timeout)
// fails the request that picked it up, though the server is fine. Reads are sent once more on
// a new socket; anything that changes state is never repeated.

const SOCKET_GONE = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

function socketGone(err: unknown): boolean {
  const cause = (err as { cause?: { code?: unknown } } | undefined)?.cause;
  return err instanceof TypeError && typeof cause?.code === 'string' && SOCKET_GONE.has(cause.code);
}

export function retryReadsOnce(base: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    try {
      return await base(input, init);
    } catch (err) {
      if ((method !== 'GET' && method !== 'HEAD') || init?.signal?.aborted || !socketGone(err)) throw err;
      return base(input, init);
    }
  };
}
