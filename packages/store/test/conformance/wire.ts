import { connect } from 'node:net';

// Raw bytes on a socket, for requests no HTTP client will send: raw non-UTF-8 path bytes,
// bodies that end early or run long, connections cut mid-body.

export interface WireResult {
  /** Everything the server sent before closing or the wait ran out. */
  text: string;
  /** HTTP status of the first response, 0 when none arrived. */
  status: number;
}

export function sendRaw(
  port: number,
  chunks: Buffer[],
  opts: { after: 'end' | 'destroy' | 'wait'; waitMs?: number },
): Promise<WireResult> {
  return new Promise((resolve) => {
    const received: Buffer[] = [];
    const socket = connect({ host: '127.0.0.1', port });
    const finish = () => {
      clearTimeout(timer);
      socket.destroy();
      const text = Buffer.concat(received).toString('latin1');
      resolve({ text, status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0) });
    };
    const timer = setTimeout(finish, opts.waitMs ?? 1500);
    socket.on('data', (d: Buffer) => received.push(d));
    socket.on('close', finish);
    socket.on('error', () => {});
    socket.on('connect', () => {
      for (const c of chunks) socket.write(c);
      if (opts.after === 'end') socket.end();
      if (opts.after === 'destroy') setTimeout(() => socket.destroy(), 50);
    });
  });
}

/** The request head as bytes; `path` is written as latin1 so raw bytes go out unchanged. */
export function requestHead(method: string, path: string, headers: Record<string, string>): Buffer {
  const lines = [`${method} ${path} HTTP/1.1`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  return Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
}
