import { connect, type Socket } from 'node:net';

// A minimal Redis client (RESP2): one connection, commands answered in order. Enough for
// the notification target's AUTH, HSET, HDEL and RPUSH; no library needed for four verbs.

export type RespValue = string | number | null | RespValue[];

export class RespError extends Error {}

/** One reply parsed from `buf` at `at`, or undefined when it has not fully arrived. */
export function parseReply(buf: Buffer, at = 0): { value: RespValue | RespError; next: number } | undefined {
  const eol = buf.indexOf('\r\n', at);
  if (eol < 0) return undefined;
  const line = buf.toString('utf8', at + 1, eol);
  const next = eol + 2;
  switch (String.fromCharCode(buf[at]!)) {
    case '+':
      return { value: line, next };
    case '-':
      return { value: new RespError(line), next };
    case ':':
      return { value: Number(line), next };
    case '$': {
      const len = Number(line);
      if (len < 0) return { value: null, next };
      if (buf.length < next + len + 2) return undefined;
      return { value: buf.toString('utf8', next, next + len), next: next + len + 2 };
    }
    case '*': {
      const count = Number(line);
      if (count < 0) return { value: null, next };
      const items: RespValue[] = [];
      let pos = next;
      for (let i = 0; i < count; i++) {
        const item = parseReply(buf, pos);
        if (!item) return undefined;
        if (item.value instanceof RespError) return { value: item.value, next: item.next };
        items.push(item.value);
        pos = item.next;
      }
      return { value: items, next: pos };
    }
    default:
      throw new RespError(`unexpected reply from Redis: ${line.slice(0, 40)}`);
  }
}

/** A command as RESP sends it: an array of bulk strings. */
export function encodeCommand(args: string[]): Buffer {
  const parts = [`*${args.length}\r\n`];
  for (const a of args) parts.push(`$${Buffer.byteLength(a)}\r\n${a}\r\n`);
  return Buffer.from(parts.join(''));
}

export class RespConnection {
  private buffered: Buffer = Buffer.alloc(0);
  private readonly waiting: { resolve: (v: RespValue) => void; reject: (e: Error) => void }[] = [];
  private failure: Error | undefined;

  private constructor(private readonly socket: Socket) {
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    const fail = (err: Error) => {
      this.failure ??= err;
      for (const w of this.waiting.splice(0)) w.reject(this.failure);
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('Redis closed the connection')));
  }

  /** `dial`: what the connection adds to its options (the outbound list's lookup). */
  static open(host: string, port: number, timeoutMs: number, dial: object = {}): Promise<RespConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host, port, ...dial });
      const timer = setTimeout(
        () => socket.destroy(new Error(`${host}:${port} did not answer in time`)),
        timeoutMs,
      );
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve(new RespConnection(socket));
      });
      socket.once('error', (err) => {
        clearTimeout(timer);
        reject(err);
      });
    });
  }

  get broken(): boolean {
    return this.failure !== undefined;
  }

  command(args: string[]): Promise<RespValue> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.socket.write(encodeCommand(args));
    });
  }

  close(): void {
    this.socket.destroy();
  }

  private receive(chunk: Buffer): void {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    let at = 0;
    for (;;) {
      let reply: ReturnType<typeof parseReply>;
      try {
        reply = parseReply(this.buffered, at);
      } catch (err) {
        this.socket.destroy(err as Error);
        return;
      }
      if (!reply) break;
      at = reply.next;
      const w = this.waiting.shift();
      if (reply.value instanceof RespError) w?.reject(reply.value);
      else w?.resolve(reply.value);
    }
    this.buffered = this.buffered.subarray(at);
  }
}
