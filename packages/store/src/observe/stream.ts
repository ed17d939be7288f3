import { Readable } from 'node:stream';
import type { Reply } from '../wire/reply.js';
import type { Interest, Subscribable } from './bus.js';

// Live streams (trace, console log, bucket events): newline-delimited JSON labelled
// text/event-stream, a single space as keep-alive while idle, no end until the client goes
// (madmin-protocol.md §3.8, §5.2).

const KEEP_ALIVE_MS = 500;
/** Past this much unread output, events are dropped for that client. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * A stream of JSON lines fed by one bus or several; `first` goes out before live events.
 * `interest` tells the buses which events the stream takes (render still judges each one).
 */
export function eventStream<T, P = never>(
  source: Subscribable<T, P> | readonly Subscribable<T, P>[],
  render: (event: T) => unknown | undefined,
  first: readonly T[] = [],
  interest?: Interest<P>,
): Readable {
  let unsubscribe = () => {};
  let timer: NodeJS.Timeout | undefined;
  const stream = new Readable({
    read() {},
    destroy(err, done) {
      unsubscribe();
      clearInterval(timer);
      done(err);
    },
  });
  const send = (event: T) => {
    const value = render(event);
    if (value === undefined) return;
    // A client that stops reading loses events rather than growing the server's memory.
    if (stream.readableLength > MAX_BUFFERED_BYTES) return;
    stream.push(`${JSON.stringify(value)}\n`);
  };
  // Headers go out at once (madmin waits at most 60 s for them).
  stream.push(' ');
  for (const event of first) send(event);
  const unsubscribers = (Array.isArray(source) ? source : [source]).map((bus: Subscribable<T, P>) =>
    bus.subscribe(send, interest),
  );
  unsubscribe = () => {
    for (const stop of unsubscribers) stop();
  };
  timer = setInterval(() => stream.push(' '), KEEP_ALIVE_MS);
  timer.unref();
  return stream;
}

export const streamReply = (body: Readable, extra: Record<string, string> = {}): Reply => ({
  status: 200,
  headers: {
    'Content-Type': 'text/event-stream',
    'Cache-Control': 'no-cache',
    'X-Accel-Buffering': 'no',
    ...extra,
  },
  body: { type: 'stream', value: body },
});
