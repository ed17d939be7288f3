// Large PUTs and GETs for throughput benchmarks: HTTP/1.1 on kept-alive sockets, each reading
// into one buffer of its own that it reuses (net's `onread`), counting the answer's bytes.
// Node's HTTP client makes a new buffer for every chunk it reads; at 1 MiB objects that cost
// the client about as much CPU as the server spent sending (1.5 ms per MiB here, against 0.4),
// on a 2-core machine where both share the cores. The raw-disk loops it is compared with read
// into one reused buffer too.
import { connect } from 'node:net';

const HEAD_END = Buffer.from('\r\n\r\n');
const READ_BUFFER = 256 * 1024;

/** One kept-alive connection answering one request at a time; `onClose` when it goes. */
function connection(url, onClose) {
  let pending; // { resolve, reject, head: Buffer[], length, got, status }
  const socket = connect({
    host: url.hostname,
    port: Number(url.port),
    onread: {
      buffer: Buffer.allocUnsafe(READ_BUFFER),
      callback: (n, buf) => {
        if (pending) take(buf.subarray(0, n));
      },
    },
  });
  socket.setNoDelay(true);
  const fail = (err) => {
    const p = pending;
    pending = undefined;
    p?.reject(err);
  };
  const self = { dead: false, used: false };
  socket.on('error', fail);
  socket.on('close', () => {
    self.dead = true;
    onClose(self);
    const answered = pending !== undefined && pending.head.length > 0;
    fail(Object.assign(new Error('connection closed'), { unanswered: !answered }));
  });

  function take(chunk) {
    const p = pending;
    if (p.length === undefined) {
      // Still in the head: it is small, so its pieces are kept until the blank line.
      p.head.push(Buffer.from(chunk));
      const head = Buffer.concat(p.head);
      const end = head.indexOf(HEAD_END);
      if (end < 0) return;
      const text = head.subarray(0, end).toString('latin1');
      p.status = Number(text.slice(9, 12));
      const m = /\r\ncontent-length:\s*(\d+)/i.exec(text);
      if (!m) return fail(new Error(`no Content-Length in: ${text.split('\r\n')[0]}`));
      p.length = Number(m[1]);
      p.got = head.length - end - HEAD_END.length;
    } else p.got += chunk.length;
    if (p.got < p.length) return;
    pending = undefined;
    if (p.status >= 300) p.reject(new Error(`HTTP ${p.status}`));
    else p.resolve(p.length);
  }

  return Object.assign(self, {
    /** Sends a request; resolves with the answer's body length once it has all come. */
    send(method, path, headers, body) {
      self.used = true;
      return new Promise((resolve, reject) => {
        // A timer per request: one that never settles fails loudly instead of letting the
        // process run out of work and exit silently (an unsettled top-level await).
        const timer = setTimeout(() => fail(new Error(`${method} ${path}: no answer in 120 s`)), 120_000);
        const settle = (fn) => (value) => {
          clearTimeout(timer);
          fn(value);
        };
        pending = { resolve: settle(resolve), reject: settle(reject), head: [] };
        let text = `${method} ${path} HTTP/1.1\r\n`;
        for (const [k, v] of Object.entries(headers)) text += `${k}: ${v}\r\n`;
        if (body) {
          socket.cork();
          socket.write(`${text}\r\n`);
          socket.write(body);
          socket.uncork();
        } else socket.write(`${text}\r\n`);
      });
    },
    close: () => socket.destroy(),
  });
}

/**
 * Up to `size` connections to `endpoint`, each lent to one request at a time. A server closes
 * idle kept-alive connections (Node's after 5 s): a request that finds its reused connection
 * closed before any answer is sent again on a new one.
 */
export function connectionPool(endpoint, size) {
  const url = new URL(endpoint);
  const idle = [];
  const all = new Set();
  const waiting = [];
  const gone = (c) => {
    all.delete(c);
    const at = idle.indexOf(c);
    if (at >= 0) idle.splice(at, 1);
  };
  const acquire = () => {
    const c = idle.pop();
    if (c) return Promise.resolve(c);
    if (all.size < size) {
      const fresh = connection(url, gone);
      all.add(fresh);
      return Promise.resolve(fresh);
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  /** Hands the connection (or, when it died, a new one) to the next waiting request. */
  const release = (c) => {
    const next = waiting.shift();
    if (next) (c.dead ? acquire() : Promise.resolve(c)).then(next);
    else if (!c.dead) idle.push(c);
  };
  const send = async (method, path, headers, body, retry = true) => {
    const c = await acquire();
    const reused = c.used;
    try {
      return await c.send(method, path, headers, body);
    } catch (err) {
      if (retry && reused && err.unanswered) return send(method, path, headers, body, false);
      throw err;
    } finally {
      release(c);
    }
  };
  return {
    send,
    close: () => {
      for (const c of all) c.close();
    },
  };
}
