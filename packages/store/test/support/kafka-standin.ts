import type { AddressInfo } from 'node:net';
import { createServer, type Socket } from 'node:net';
import { createServer as createTlsServer, type TLSSocket } from 'node:tls';

// Kafka is not packaged by Debian (no broker, no JVM distribution of it), so it cannot run
// here. This stand-in is one broker speaking the calls a producer makes, within the version
// ranges a Kafka 4.0 broker accepts (KIP-896 removed the pre-2.1 versions): ApiVersions v0-4
// (answering v3+), Metadata v12 (every topic exists, one partition, this broker leads),
// Produce v9-11 (record batches of magic 2, each CRC-32C-checked), and SASL PLAIN through
// SaslHandshake v1 and SaslAuthenticate v2. Like a 4.x broker, it answers an ApiVersions
// version it does not know with UNSUPPORTED_VERSION and its ranges, and closes the
// connection on a request of a removed version (Produce v0-2, the kafkajs era's), having
// announced Produce from v0 all the same (KAFKA-18659). The store's real client
// (@platformatic/kafka) is what the tests exercise.

export interface KafkaStandIn {
  /** host:port, as `brokers` names it. */
  address: string;
  messages: { topic: string; partition: number; key: string | null; value: Buffer }[];
  /** Acks each Produce request asked for. */
  acks: number[];
  /** The server name (SNI) each TLS connection asked for; false for none. */
  servernames: (string | false)[];
  /** Connections accepted so far. */
  connections: number;
  /** Requests refused for their version, as `apiKey/version`. */
  refused: string[];
  close(): Promise<void>;
}

export const API = { Produce: 0, Metadata: 3, SaslHandshake: 17, ApiVersions: 18, SaslAuthenticate: 36 };

/**
 * Kafka 4.0's ranges for these calls (the 4.0.0 request schemas): what ApiVersions announces
 * (`advertised`), what the broker accepts (`accepted`), from which version the call is
 * flexible (compact encodings, tagged fields), and what this stand-in implements.
 */
export const KAFKA_4_VERSIONS = [
  { key: API.Produce, advertised: [0, 12], accepted: [3, 12], flexible: 9, implemented: [9, 11] },
  { key: API.Metadata, advertised: [0, 13], accepted: [0, 13], flexible: 9, implemented: [12, 12] },
  { key: API.SaslHandshake, advertised: [0, 1], accepted: [0, 1], flexible: 99, implemented: [1, 1] },
  { key: API.ApiVersions, advertised: [0, 4], accepted: [0, 4], flexible: 3, implemented: [0, 4] },
  { key: API.SaslAuthenticate, advertised: [0, 2], accepted: [0, 2], flexible: 2, implemented: [2, 2] },
] as const;

const ERROR = {
  UNSUPPORTED_VERSION: 35,
  CORRUPT_MESSAGE: 2,
  SASL_AUTHENTICATION_FAILED: 58,
  UNSUPPORTED_SASL_MECHANISM: 33,
};

/** Reads Kafka's big-endian primitives, classic and compact, from one request. */
class Reader {
  at = 0;
  constructor(private readonly buf: Buffer) {}
  int8 = () => this.buf.readInt8(this.take(1));
  int16 = () => this.buf.readInt16BE(this.take(2));
  int32 = () => this.buf.readInt32BE(this.take(4));
  uint32 = () => this.buf.readUInt32BE(this.take(4));
  int64 = () => this.buf.readBigInt64BE(this.take(8));
  uvarint(): number {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = this.buf.readUInt8(this.take(1));
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  }
  /** A zigzag varint, as records carry them. */
  varint(): number {
    const u = this.uvarint();
    return u % 2 === 0 ? u / 2 : -(u + 1) / 2;
  }
  string(): string | null {
    const n = this.int16();
    return n < 0 ? null : this.buf.toString('utf8', this.take(n), this.at);
  }
  compactString(): string | null {
    const n = this.uvarint() - 1;
    return n < 0 ? null : this.buf.toString('utf8', this.take(n), this.at);
  }
  bytes(n: number): Buffer | null {
    return n < 0 ? null : this.buf.subarray(this.take(n), this.at);
  }
  compactArray<T>(item: () => T): T[] {
    const n = this.uvarint() - 1;
    return Array.from({ length: Math.max(0, n) }, () => {
      const v = item();
      this.taggedFields();
      return v;
    });
  }
  taggedFields(): void {
    for (let n = this.uvarint(); n > 0; n--) {
      this.uvarint();
      this.take(this.uvarint());
    }
  }
  get remaining(): number {
    return this.buf.length - this.at;
  }
  rest = () => this.buf.subarray(this.at);
  private take(n: number): number {
    if (n < 0 || this.at + n > this.buf.length) throw new Error('short request');
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
  int8 = (v: number) => this.put(1, (b) => b.writeInt8(v));
  int16 = (v: number) => this.put(2, (b) => b.writeInt16BE(v));
  int32 = (v: number) => this.put(4, (b) => b.writeInt32BE(v));
  int64 = (v: bigint) => this.put(8, (b) => b.writeBigInt64BE(v));
  uvarint(v: number): this {
    const bytes: number[] = [];
    for (; v >= 0x80; v = Math.floor(v / 128)) bytes.push((v & 0x7f) | 0x80);
    bytes.push(v);
    this.parts.push(Buffer.from(bytes));
    return this;
  }
  compactString(v: string | null): this {
    if (v === null) return this.uvarint(0);
    this.uvarint(Buffer.byteLength(v) + 1);
    this.parts.push(Buffer.from(v));
    return this;
  }
  compactBytes(v: Buffer): this {
    this.uvarint(v.length + 1);
    this.parts.push(v);
    return this;
  }
  string(v: string): this {
    this.int16(Buffer.byteLength(v));
    this.parts.push(Buffer.from(v));
    return this;
  }
  /** A classic (int32-counted) array. */
  array<T>(items: readonly T[], each: (w: this, item: T) => void): this {
    this.int32(items.length);
    for (const item of items) each(this, item);
    return this;
  }
  /** A compact array; each item ends with its (empty) tagged fields. */
  compactArray<T>(items: readonly T[], each: (w: this, item: T) => void): this {
    this.uvarint(items.length + 1);
    for (const item of items) {
      each(this, item);
      this.taggedFields();
    }
    return this;
  }
  raw(v: Buffer): this {
    this.parts.push(v);
    return this;
  }
  taggedFields = () => this.uvarint(0);
  done = () => Buffer.concat(this.parts);
}

/** CRC-32C (Castagnoli), as record batches of magic 2 carry it. */
function crc32c(buf: Buffer): number {
  let crc = ~0;
  for (const byte of buf) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0x82f63b78 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** The records of one record batch (magic 2), or undefined when its CRC does not match. */
function readRecordBatches(data: Buffer): { key: Buffer | null; value: Buffer }[] | undefined {
  const records: { key: Buffer | null; value: Buffer }[] = [];
  const set = new Reader(data);
  while (set.remaining > 0) {
    set.int64(); // base offset
    const batch = new Reader(set.bytes(set.int32())!);
    batch.int32(); // partition leader epoch
    if (batch.int8() !== 2) return undefined;
    if (batch.uint32() !== crc32c(batch.rest())) return undefined;
    const attributes = batch.int16();
    if ((attributes & 0x07) !== 0) throw new Error('compressed batches are not implemented');
    batch.int32(); // last offset delta
    batch.int64(); // base timestamp
    batch.int64(); // max timestamp
    batch.int64(); // producer id
    batch.int16(); // producer epoch
    batch.int32(); // base sequence
    for (let n = batch.int32(); n > 0; n--) {
      const record = new Reader(batch.bytes(batch.varint())!);
      record.int8(); // attributes
      record.varint(); // timestamp delta
      record.varint(); // offset delta
      const key = record.bytes(record.varint());
      const value = record.bytes(record.varint()) ?? Buffer.alloc(0);
      records.push({ key: key ? Buffer.from(key) : null, value: Buffer.from(value) });
    }
  }
  return records;
}

export async function startKafkaStandIn(
  opts: {
    sasl?: { username: string; password: string };
    /** Serve TLS with this key and certificate. */
    tls?: { key: string; cert: string };
    /** Where to listen, and the broker's name in metadata; 127.0.0.1 unless given. */
    host?: string;
  } = {},
): Promise<KafkaStandIn> {
  const state: KafkaStandIn = {
    address: '',
    messages: [],
    acks: [],
    servernames: [],
    connections: 0,
    refused: [],
    close: async () => {},
  };
  const sockets = new Set<Socket>();
  const host = opts.host ?? '127.0.0.1';
  let port = 0;

  function apiVersions(version: number, error: number): Buffer {
    const w = new Writer().int16(error);
    const ranges = KAFKA_4_VERSIONS.map((v) => [v.key, ...v.advertised] as const);
    if (version < 3) {
      w.array(ranges, (x, [key, min, max]) => x.int16(key).int16(min).int16(max));
      return version >= 1 ? w.int32(0).done() : w.done();
    }
    return w
      .compactArray(ranges, (x, [key, min, max]) => x.int16(key).int16(min).int16(max))
      .int32(0)
      .taggedFields()
      .done();
  }

  /** One request's answer body, or undefined for none (acks 0). */
  function answer(apiKey: number, version: number, body: Reader, conn: { authenticated: boolean }) {
    const w = new Writer();
    const handshake = [API.ApiVersions, API.SaslHandshake, API.SaslAuthenticate].includes(apiKey);
    if (opts.sasl && !conn.authenticated && !handshake) throw new Error('request before authentication');
    switch (apiKey) {
      case API.ApiVersions:
        return apiVersions(version, 0);
      case API.SaslHandshake: {
        const mechanism = body.string();
        return w
          .int16(mechanism === 'PLAIN' ? 0 : ERROR.UNSUPPORTED_SASL_MECHANISM)
          .array(['PLAIN'], (x, m) => x.string(m))
          .done();
      }
      case API.SaslAuthenticate: {
        const auth = body.bytes(body.uvarint() - 1) ?? Buffer.alloc(0);
        const [, username, password] = auth.toString().split('\u0000');
        const ok = opts.sasl && username === opts.sasl.username && password === opts.sasl.password;
        conn.authenticated = Boolean(ok);
        return w
          .int16(ok ? 0 : ERROR.SASL_AUTHENTICATION_FAILED)
          .compactString(ok ? null : 'Authentication failed: Invalid username or password')
          .compactBytes(Buffer.alloc(0))
          .int64(0n)
          .taggedFields()
          .done();
      }
      case API.Metadata: {
        const topics = body.compactArray(() => {
          body.bytes(16); // topic id
          return body.compactString() ?? '';
        });
        return w
          .int32(0) // throttle
          .compactArray([0], (x) => x.int32(0).compactString(host).int32(port).compactString(null))
          .compactString('stowage-standin') // cluster id
          .int32(0) // controller
          .compactArray(
            topics,
            (x, name) =>
              x
                .int16(0)
                .compactString(name)
                .raw(Buffer.alloc(16)) // topic id
                .int8(0) // not internal
                .compactArray([0], (y) =>
                  y
                    .int16(0)
                    .int32(0) // partition
                    .int32(0) // leader
                    .int32(0) // leader epoch
                    .compactArray([0], (z) => z.int32(0))
                    .compactArray([0], (z) => z.int32(0))
                    .compactArray([], (z) => z),
                )
                .int32(-2147483648), // authorized operations not asked for
          )
          .taggedFields()
          .done();
      }
      case API.Produce: {
        body.compactString(); // transactional id
        const acks = body.int16();
        body.int32(); // timeout
        state.acks.push(acks);
        const results = body.compactArray(() => {
          const topic = body.compactString() ?? '';
          const partitions = body.compactArray(() => {
            const partition = body.int32();
            const records = readRecordBatches(body.bytes(body.uvarint() - 1) ?? Buffer.alloc(0));
            for (const r of records ?? [])
              state.messages.push({ topic, partition, key: r.key ? r.key.toString() : null, value: r.value });
            const error = records ? 0 : ERROR.CORRUPT_MESSAGE;
            return { partition, error, offset: BigInt(state.messages.length - 1) };
          });
          return { topic, partitions };
        });
        if (acks === 0) return undefined;
        return w
          .compactArray(results, (x, t) =>
            x.compactString(t.topic).compactArray(t.partitions, (y, p) =>
              y
                .int32(p.partition)
                .int16(p.error)
                .int64(p.offset)
                .int64(-1n) // log append time
                .int64(0n) // log start offset
                .compactArray([], (z) => z)
                .compactString(null),
            ),
          )
          .int32(0)
          .taggedFields()
          .done();
      }
    }
    throw new Error(`api ${apiKey} is not implemented`);
  }

  const serve = (socket: Socket) => {
    state.connections += 1;
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
          const known = KAFKA_4_VERSIONS.find((v) => v.key === apiKey);
          const accepted = known && version >= known.accepted[0] && version <= known.accepted[1];
          let body: Buffer | undefined;
          let flexibleHeader = false;
          if (!accepted && apiKey === API.ApiVersions) {
            // A 4.x broker answers an ApiVersions it cannot parse in v0's shape, with its ranges.
            body = apiVersions(0, ERROR.UNSUPPORTED_VERSION);
          } else if (!accepted || version < known.implemented[0] || version > known.implemented[1]) {
            // A 4.x broker closes the connection on a version it does not accept.
            state.refused.push(`${apiKey}/${version}`);
            socket.destroy();
            return;
          } else {
            const flexible = version >= known.flexible;
            if (flexible) request.taggedFields();
            body = answer(apiKey, version, request, conn);
            // ApiVersions answers with header v0 whatever its version, so an old client can read it.
            flexibleHeader = flexible && apiKey !== API.ApiVersions;
          }
          if (!body) continue;
          const head = new Writer().int32(correlationId);
          if (flexibleHeader) head.taggedFields();
          const frame = Buffer.concat([head.done(), body]);
          const size = Buffer.alloc(4);
          size.writeInt32BE(frame.length);
          socket.write(Buffer.concat([size, frame]));
        } catch {
          socket.destroy();
          return;
        }
      }
    });
  };
  const server = opts.tls
    ? createTlsServer(opts.tls, (socket: TLSSocket) => {
        state.servernames.push(socket.servername ?? false);
        serve(socket);
      })
    : createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  port = (server.address() as AddressInfo).port;
  state.address = `${host}:${port}`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  return state;
}
