import { describe, expect, it } from 'vitest';
import type { RequestContext } from '../http/context.js';
import { Bus } from '../observe/bus.js';
import type { Reply } from '../wire/reply.js';
import { type BucketEvent, type EventProbe, eventsOf, publishEvents } from './events.js';
import type { S3Operation } from './router.js';

const ctx = (headers: Record<string, string> = {}) =>
  ({ requestId: 'R1', host: 'h', client: '127.0.0.1', headers }) as unknown as RequestContext;
const get = { op: 'GetObject', bucket: 'b', key: 'k' } as S3Operation;
const reply: Reply = {
  status: 200,
  headers: { 'Content-Length': '4', ETag: '"e1"', 'Content-Type': 'text/plain' },
};

describe('bucket events of a request', () => {
  it('builds an event only when a subscriber takes its name', () => {
    const probes: EventProbe[] = [];
    const none = eventsOf(get, reply, ctx(), 'root', undefined, (p) => {
      probes.push(p);
      return false;
    });
    expect(none).toEqual([]);
    expect(probes).toEqual([{ name: 's3:ObjectAccessed:Get', bucket: 'b', replica: false }]);
    const [all] = eventsOf(get, reply, ctx({ 'x-minio-source-replication-request': 'true' }), 'root');
    expect(all).toMatchObject({
      name: 's3:ObjectAccessed:Get',
      bucket: 'b',
      key: 'k',
      etag: 'e1',
      size: 4,
      contentType: 'text/plain',
      principal: 'root',
      requestId: 'R1',
      replica: true,
    });
  });

  it('keeps, of a multi-object delete, the events taken', () => {
    const op = { op: 'DeleteObjects', bucket: 'b' } as S3Operation;
    const deleted = (key: string, marker: boolean) => ({
      name: 'Deleted',
      attributes: {},
      children: [
        { name: 'Key', attributes: {}, children: [key] },
        ...(marker ? [{ name: 'DeleteMarker', attributes: {}, children: ['true'] }] : []),
      ],
    });
    const xml = {
      status: 200,
      body: {
        type: 'xml',
        value: { name: 'DeleteResult', attributes: {}, children: [deleted('a', false), deleted('m', true)] },
      },
    } as unknown as Reply;
    const events = eventsOf(op, xml, ctx(), 'root', undefined, (p) => p.name.endsWith('DeleteMarkerCreated'));
    expect(events.map((e) => [e.name, e.key])).toEqual([['s3:ObjectRemoved:DeleteMarkerCreated', 'm']]);
  });

  it('publishes nothing a subscriber does not take, and what it takes', () => {
    const bus = new Bus<BucketEvent, EventProbe>();
    const got: BucketEvent[] = [];
    bus.subscribe(
      (e) => got.push(e),
      (p) => p.name.startsWith('s3:ObjectCreated:'),
    );
    publishEvents(bus, get, reply, ctx(), 'root');
    expect(got).toEqual([]);
    publishEvents(bus, { op: 'PutObject', bucket: 'b', key: 'k' } as S3Operation, reply, ctx(), 'root');
    expect(got.map((e) => e.name)).toEqual(['s3:ObjectCreated:Put']);
  });
});
