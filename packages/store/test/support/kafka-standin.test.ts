import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, type KafkaStandIn, startKafkaStandIn } from './kafka-standin.js';

// The stand-in behaves as a Kafka 4 broker does towards clients of the kafkajs era: it
// announces its ranges and refuses the versions KIP-896 removed.

let broker: KafkaStandIn;
beforeAll(async () => {
  broker = await startKafkaStandIn();
});
afterAll(() => broker.close());

/** One request frame with a v1 header (classic client id) and `body`. */
function frame(apiKey: number, version: number, body: Buffer): Buffer {
  const clientId = Buffer.from('old-client');
  const head = Buffer.alloc(10);
  head.writeInt16BE(apiKey, 0);
  head.writeInt16BE(version, 2);
  head.writeInt32BE(7, 4);
  head.writeInt16BE(clientId.length, 8);
  const payload = Buffer.concat([head, clientId, body]);
  const size = Buffer.alloc(4);
  size.writeInt32BE(payload.length);
  return Buffer.concat([size, payload]);
}

/** Sends one frame; resolves with what came back before the broker closed or answered. */
function exchange(request: Buffer): Promise<{ answer: Buffer; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(Number(broker.address.split(':')[1]), '127.0.0.1');
    let answer = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      answer = Buffer.concat([answer, chunk]);
      if (answer.length >= 4 && answer.length >= 4 + answer.readInt32BE(0)) {
        socket.destroy();
        resolve({ answer, closed: false });
      }
    });
    socket.on('close', () => resolve({ answer, closed: true }));
    socket.write(request);
  });
}

/** The ApiVersions v0 answer's rows: [api key, min, max]. */
function ranges(answer: Buffer): { error: number; rows: [number, number, number][] } {
  const error = answer.readInt16BE(8);
  const rows: [number, number, number][] = [];
  for (let i = 0, n = answer.readInt32BE(10); i < n; i++) {
    const at = 14 + i * 6;
    rows.push([answer.readInt16BE(at), answer.readInt16BE(at + 2), answer.readInt16BE(at + 4)]);
  }
  return { error, rows };
}

describe('Kafka stand-in (Kafka 4 protocol ranges)', () => {
  it('announces Kafka 4.0 ranges, Produce from v0 as 4.x brokers still do', async () => {
    const { answer, closed } = await exchange(frame(API.ApiVersions, 0, Buffer.alloc(0)));
    expect(closed).toBe(false);
    expect(answer.readInt32BE(4)).toBe(7);
    const { error, rows } = ranges(answer);
    expect(error).toBe(0);
    expect(rows).toContainEqual([API.Produce, 0, 12]);
    expect(rows).toContainEqual([API.Metadata, 0, 13]);
    expect(rows).toContainEqual([API.ApiVersions, 0, 4]);
  });

  it('answers an ApiVersions version it does not know with UNSUPPORTED_VERSION and its ranges', async () => {
    const { answer } = await exchange(frame(API.ApiVersions, 9, Buffer.alloc(0)));
    const { error, rows } = ranges(answer);
    expect(error).toBe(35);
    expect(rows).toContainEqual([API.Produce, 0, 12]);
  });

  it('closes the connection on Produce v2, a version Kafka 4 removed (KIP-896)', async () => {
    // acks -1, timeout 1000, no topics: a well-formed Produce v2 body.
    const body = Buffer.alloc(10);
    body.writeInt16BE(-1, 0);
    body.writeInt32BE(1000, 2);
    body.writeInt32BE(0, 6);
    const { answer, closed } = await exchange(frame(API.Produce, 2, body));
    expect(closed).toBe(true);
    expect(answer.length).toBe(0);
    expect(broker.refused).toContain(`${API.Produce}/2`);
    expect(broker.messages).toEqual([]);
  });
});
