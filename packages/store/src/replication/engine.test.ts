import { afterEach, describe, expect, it } from 'vitest';
import { BucketConfigStore } from '../engine/bucket-config-store.js';
import { body, bucketEachTest } from '../engine/test-support/engine.js';
import { OutboundPolicy } from '../net/outbound.js';
import type { BucketEvent, EventProbe } from '../observe/bucket-events.js';
import { Bus } from '../observe/bus.js';
import { silentLogger } from '../observe/logger.js';
import { Replicator } from './engine.js';
import { STATUS_KEY } from './status.js';

// The replicator over a real engine: what the scanner's revisit does with versions whose
// job a crash took (a target nobody answers, so every job stays queued).

const ARN = 'arn:minio:replication::0b9c0b6e-0000-4000-8000-000000000001:remote';
const RULES =
  '<ReplicationConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Role></Role><Rule><ID>r</ID>' +
  '<Status>Enabled</Status><Priority>1</Priority><Filter><Prefix></Prefix></Filter>' +
  `<DeleteMarkerReplication><Status>Disabled</Status></DeleteMarkerReplication><Destination><Bucket>${ARN}</Bucket></Destination></Rule></ReplicationConfiguration>`;

const t = bucketEachTest('src');
let replicator: Replicator | undefined;
let events = new Bus<BucketEvent, EventProbe>();
afterEach(() => replicator?.close());

async function setUp(): Promise<Replicator> {
  events = new Bus<BucketEvent, EventProbe>();
  const configs = new BucketConfigStore(t.layer.system);
  await configs.put('src', 'replication', { xml: RULES });
  await configs.put('src', 'targets', [
    {
      sourcebucket: 'src',
      endpoint: '127.0.0.1:9',
      credentials: { accessKey: 'k', secretKey: 's', expiration: '0001-01-01T00:00:00Z' },
      targetbucket: 'remote',
      secure: false,
      arn: ARN,
      type: 'replication',
    },
  ]);
  replicator = new Replicator({
    layer: t.layer,
    system: t.layer.system,
    configs,
    events,
    read: () => Promise.reject(new Error('unused')),
    outbound: OutboundPolicy.parse(undefined),
    log: silentLogger,
    // The first failure waits longer than any test: jobs stay counted as pending.
    retry: { baseMs: 600_000, maxMs: 600_000 },
  });
  await replicator.start();
  return replicator;
}

const put = (key: string, status: string) =>
  t.layer.putObject({
    bucket: 'src',
    key,
    body: body('x'),
    versioning: 'enabled',
    internal: { [STATUS_KEY]: status },
  });

describe('Replicator events', () => {
  it('asks the bus only for the events it may act on', async () => {
    await setUp();
    const wants = (name: string, replica = false) => events.wants({ name, bucket: 'src', replica });
    // Reads, and the writes writeObject queues itself, are not built for the engine.
    expect(wants('s3:ObjectAccessed:Get')).toBe(false);
    expect(wants('s3:ObjectAccessed:Head')).toBe(false);
    expect(wants('s3:ObjectCreated:Put')).toBe(false);
    expect(wants('s3:ObjectCreated:CompleteMultipartUpload')).toBe(true);
    expect(wants('s3:ObjectCreated:PutTagging')).toBe(true);
    expect(wants('s3:ObjectRemoved:Delete')).toBe(true);
    expect(wants('s3:ObjectRemoved:DeleteMarkerCreated')).toBe(true);
    // A replica's PUT is counted; nothing else of a replica is sent on.
    expect(wants('s3:ObjectCreated:Put', true)).toBe(true);
    expect(wants('s3:ObjectRemoved:Delete', true)).toBe(false);
  });
});

describe('Replicator.revisit', () => {
  it('queues a version left PENDING without a job, once', async () => {
    const r = await setUp();
    const lost = await put('lost', `${ARN}=PENDING;`);
    await r.revisit('src', lost);
    await r.revisit('src', lost);
    const [stats] = (await r.stats('src')).targets;
    expect(stats).toMatchObject({ arn: ARN, pendingCount: 1, pendingSize: 1 });
  });

  it('leaves versions already replicated, and replicas, alone', async () => {
    const r = await setUp();
    await r.revisit('src', await put('done', `${ARN}=COMPLETED;`));
    await r.revisit('src', await put('never', ''));
    const [stats] = (await r.stats('src')).targets;
    expect(stats).toMatchObject({ pendingCount: 0, failedCount: 0 });
  });

  it('queues a delete marker left PENDING without a job (MinIO marks it at once)', async () => {
    const r = await setUp();
    await put('gone', '');
    const made = await t.layer.deleteObject('src', 'gone', {
      versioning: 'enabled',
      markerInternal: { [STATUS_KEY]: `${ARN}=PENDING;` },
    });
    const marker = (
      await t.layer.listObjectVersions({
        bucket: 'src',
        prefix: 'gone',
        delimiter: '',
        keyMarker: '',
        versionIdMarker: '',
        maxKeys: 10,
      })
    ).versions.find((v) => v.versionId === made.versionId)!;
    expect(marker.deleteMarker).toBe(true);
    await r.revisit('src', marker);
    const [stats] = (await r.stats('src')).targets;
    expect(stats).toMatchObject({ pendingCount: 1, pendingSize: 0 });
  });
});
