import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';

// Kafka is not packaged by Debian (no broker, no JVM distribution of it), so it cannot run
// here. This stand-in is one broker speaking the oldest versions of the calls a producer
// makes, which it announces through ApiVersions so that the client picks them: ApiVersions
// v0-2, Metadata v0 (every topic exists, one partition, this broker leads), Produce v0
// (message sets of magic 0 messages, each CRC-checked), and SASL PLAIN through SaslHandshake
// v0-1 and SaslAuthenticate v0. The store's real client (kafkajs) is what the test exercises.

export interface KafkaStandIn {
  /** host:port, as `brokers` names it. */
  address: string;
  messages: { topic: string; partition: number; key: string | null; value: Buffer }[];
  /** Acks each Produce request asked for. */
  acks: number[];
  close(): Promise<void>;
}

const API = { Produce: 0, Metadata: 3, SaslHandshake: 17, ApiVersions: 18, SaslAuthenticate: 36 };
const SUPPORTED: [number, number, number][] = [
  [API.Produce, 0, 0],
  [API.Metadata, 0, 0],
  [API.SaslHandshake, 0, 1],
  [API.ApiVersions, 0, 2],
  [API.SaslAuthenticate, 0, 0],
];
const ERROR = {
  UNSUPPORTED_VERSION: 35,
  CORRUPT_MESSAGE: 2,
  SASL_AUTHENTICATION_FAILED: 58,
  ILLEGAL_SASL_STATE: 34,
};

/** Reads Kafka's big-endian primitives from one request body. */
class Reader {
  at = 0;
  constructor(private readonly buf: Buffer) {}
  int8 = () => this.buf.readInt8(this.take(1));
  int16 = () => this.buf.readInt16BE(this.take(2));
  int32 = () => this.buf.readInt32BE(this.take(4));
  int64 = () => this.buf.readBigInt64BE(this.take(8));
  string(): string | null {
    const n = this.int16();
    return n < 0 ? null : this.buf.toString('utf8', this.take(n), this.at);
  }
  bytes(): Buffer | null {
    const n = this.int32();
    return n < 0 ? null : this.buf.subarray(this.take(n), this.at);
  }
  get remaining(): number {
    return this.buf.length - this.at;
  }
  array<T>(item: () => T): T[] {
    const n = this.int32();
    return Array.from({ length: Math.max(0, n) }, item);
  }
  private take(n: number): number {
    if (this.at + n > this.buf.length) throw new Error('short request');
    this.at += n;
    return this.at - n;
  }
}

/** Writes a response body. */
class Writer {
  private readonly parts: Buffer[] = [];
  private put(size: number, write: (b: Buffer) => void): this {
    const b = Buffer.alloc(size);
    write(b);
    this.parts.push(b);
    return this;
  }
  int16 = (v: number) => this.put(2, (b) => b.writeInt16BE(v));
  int32 = (v: number) => this.put(4, (b) => b.writeInt32BE(v));
  int64 = (v: bigint) => this.put(8, (b) => b.writeBigInt64BE(v));
  string(v: string | null): this {
    if (v === null) return this.int16(-1);
    this.int16(Buffer.byteLength(v));
    this.parts.push(Buffer.from(v));
    return this;
  }
  bytes(v: Buffer): this {
    this.int32(v.length);
    this.parts.push(v);
    return this;
  }
  array<T>(items: readonly T[], each: (w: this, item: T) => void): this {
    this.int32(items.length);
    for (const item of items) each(this, item);
    return this;
  }
  done = () => Buffer.concat(this.parts);
}

/** CRC-32 (IEEE), as magic 0 messages carry it. */
function crc32(buf: Buffer): number {
  let crc = ~0;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

export async function startKafkaStandIn(
  opts: { sasl?: { username: string; password: string } } = {},
): Promise<KafkaStandIn> {
  const state: KafkaStandIn = { address: '', messages: [], acks: [], close: async () => {} };
  const sockets = new Set<Socket>();
  let port = 0;

  /** One request's answer body, or undefined for none (acks 0). */
  function answer(apiKey: number, version: number, body: Reader, conn: { authenticated: boolean }) {
    const w = new Writer();
    const range = SUPPORTED.find(([key]) => key === apiKey);
    if (!range || version < range[1] || version > range[2]) return w.int16(ERROR.UNSUPPORTED_VERSION).done();
    const handshake = [API.ApiVersions, API.SaslHandshake, API.SaslAuthenticate].includes(apiKey);
    if (opts.sasl && !conn.authenticated && !handshake) throw new Error('request before authentication');
    switch (apiKey) {
      case API.ApiVersions:
        w.int16(0).array(SUPPORTED, (x, [key, min, max]) => x.int16(key).int16(min).int16(max));
        return version >= 1 ? w.int32(0).done() : w.done();
      case API.SaslHandshake: {
        const mechanism = body.string();
        return w
          .int16(mechanism === 'PLAIN' ? 0 : 33)
          .array(['PLAIN'], (x, m) => x.string(m))
          .done();
      }
      case API.SaslAuthenticate: {
        let auth = body.bytes() ?? Buffer.alloc(0);
        // kafkajs sends PLAIN's bytes with their own length in front.
        if (auth.length >= 4 && auth.readInt32BE(0) === auth.length - 4) auth = auth.subarray(4);
        const [, username, password] = auth.toString().split('\u0000');
        const ok = opts.sasl && username === opts.sasl.username && password === opts.sasl.password;
        conn.authenticated = Boolean(ok);
        return w
          .int16(ok ? 0 : ERROR.SASL_AUTHENTICATION_FAILED)
          .string(ok ? null : 'Authentication failed: Invalid username or password')
          .bytes(Buffer.alloc(0))
          .done();
      }
      case API.Metadata: {
        const topics = body.array(() => body.string() ?? '');
        return w
          .array([0], (x) => x.int32(0).string('127.0.0.1').int32(port))
          .array(topics, (x, name) =>
            x
              .int16(0)
              .string(name)
              .array([0], (y) =>
                y
                  .int16(0)
                  .int32(0)
                  .int32(0)
                  .array([0], (z) => z.int32(0))
                  .array([0], (z) => z.int32(0)),
              ),
          )
          .done();
      }
      case API.Produce: {
        const acks = body.int16();
        body.int32(); // timeout
        state.acks.push(acks);
        const results = body.array(() => {
          const topic = body.string() ?? '';
          const partitions = body.array(() => {
            const partition = body.int32();
            const set = new Reader(body.bytes() ?? Buffer.alloc(0));
            let error = 0;
            while (set.remaining > 0) {
              set.int64(); // offset
              const message = set.bytes()!;
              const m = new Reader(message);
              if (m.int32() >>> 0 !== crc32(message.subarray(4))) error = ERROR.CORRUPT_MESSAGE;
              m.int8(); // magic 0
              m.int8(); // attributes: no compression
              const key = m.bytes();
              const value = m.bytes() ?? Buffer.alloc(0);
              if (error === 0)
                state.messages.push({
                  topic,
                  partition,
                  key: key ? key.toString() : null,
                  value: Buffer.from(value),
                });
            }
            return { partition, error, offset: BigInt(state.messages.length - 1) };
          });
          return { topic, partitions };
        });
        if (acks === 0) return undefined;
        return w
          .array(results, (x, t) =>
            x
              .string(t.topic)
              .array(t.partitions, (y, p) => y.int32(p.partition).int16(p.error).int64(p.offset)),
          )
          .done();
      }
    }
    return w.int16(ERROR.UNSUPPORTED_VERSION).done();
  }

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const conn = { authenticated: false };
    let buf = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      buf = Buffer.concat([buf, chunk]);
      while (buf.length >= 4 && buf.length >= 4 + buf.readInt32BE(0)) {
        const request = new Reader(buf.subarray(4, 4 + buf.readInt32BE(0)));
        buf = buf.subarray(4 + buf.readInt32BE(0));
        try {
          const apiKey = request.int16();
          const version = request.int16();
          const correlationId = request.int32();
          request.string(); // client id
          const body = answer(apiKey, version, request, conn);
          if (!body) continue;
          const head = Buffer.alloc(8);
          head.writeInt32BE(4 + body.length, 0);
          head.writeInt32BE(correlationId, 4);
          socket.write(Buffer.concat([head, body]));
        } catch {
          socket.destroy();
          return;
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  state.address = `127.0.0.1:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return state;
}
