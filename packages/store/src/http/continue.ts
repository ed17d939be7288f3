import type { IncomingMessage, ServerResponse } from 'node:http';

// `Expect: 100-continue` lets a client hold its body back until the server has looked at the
// head. Node would answer 100 at once, before the signature, the bucket or a precondition is
// checked, and a doomed 5 GiB upload would then send up to the first error. The store sends
// the 100 when a reader first asks for the body, which is after every check, as S3 does.

const waiting = new WeakMap<IncomingMessage, ServerResponse>();

/** The client waits for 100 Continue before it sends this request's body. */
export function holdContinue(req: IncomingMessage, res: ServerResponse): void {
  waiting.set(req, res);
}

/** A reader wants the body: tell a waiting client to send it. */
export function acceptBody(req: IncomingMessage): void {
  const res = waiting.get(req);
  if (!res) return;
  waiting.delete(req);
  if (!res.headersSent && !res.writableEnded) res.writeContinue();
}

/**
 * The client still waits for a 100 that will not come: its body may or may not follow a
 * final answer, so the connection cannot carry another request.
 */
export const continueWithheld = (req: IncomingMessage): boolean => waiting.has(req) && !req.complete;
