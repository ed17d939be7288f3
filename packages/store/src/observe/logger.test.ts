import { describe, expect, it } from 'vitest';
import { createLogger, formatLogLine, type LogEntry, redactSecrets, stackSource } from './logger.js';

const TIME = new Date('2026-11-28T10:00:00Z');
const REQUEST = {
  api: 'GetObject',
  requestId: '1877A2B3C4D5E6F7',
  remoteHost: '10.0.0.5',
  host: 'store:9000',
  userAgent: 'MinIO (linux; amd64) minio-go/v7.0.63',
  bucket: 'photos',
  object: 'cat.jpg',
};

function logged() {
  const entries: LogEntry[] = [];
  return {
    entries,
    log: createLogger(
      (e) => entries.push(e),
      () => TIME,
    ),
  };
}

describe('the structured logger', () => {
  it('stamps each entry with the level its caller states, and the time', () => {
    const { entries, log } = logged();
    log.info('started');
    log.warn('slow drive');
    log.error('lost a shard');
    log.fatal('cannot go on');
    expect(entries.map((e) => [e.level, e.message, e.time])).toEqual([
      ['INFO', 'started', TIME],
      ['WARNING', 'slow drive', TIME],
      ['ERROR', 'lost a shard', TIME],
      ['FATAL', 'cannot go on', TIME],
    ]);
    expect(entries[0]).not.toHaveProperty('request');
    expect(entries[0]).not.toHaveProperty('error');
  });

  it("names the request a request's logger was made for; the store's own stays without", () => {
    const { entries, log } = logged();
    const requestLog = log.forRequest(REQUEST);
    requestLog.error('bitrot');
    log.info('background');
    expect(entries[0]).toMatchObject({ level: 'ERROR', message: 'bitrot', request: REQUEST });
    expect(entries[1]).not.toHaveProperty('request');
  });

  it("an error's message, type and stack frames; without one, where the entry was logged", () => {
    const { entries, log } = logged();
    log.error('failed to parse', { err: new RangeError('out of range') });
    log.error('no error object here');
    log.warn('a thrown string', { err: 'just text' });
    expect(entries[0]!.error!.message).toBe('out of range (RangeError)');
    expect(entries[0]!.error!.source[0]).toMatch(
      /^packages\/store\/src\/observe\/logger\.test\.ts:\d+:.+\(\)$/,
    );
    // The logger's own frames are left out: the first frame is the caller's line.
    expect(entries[1]!.error!.message).toBe('no error object here');
    expect(entries[1]!.error!.source[0]).toMatch(/^packages\/store\/src\/observe\/logger\.test\.ts:\d+:/);
    expect(entries[1]!.error!.source.join('\n')).not.toMatch(/observe\/logger\.ts/);
    expect(entries[2]!.error).toEqual({ message: 'just text', source: [] });
  });

  it('reads V8 stack lines as file:line:function() frames', () => {
    const stack = [
      'Error: boom',
      '    at ErasureObjectLayer.getObject (file:///srv/stowage/packages/store/dist/engine/erasure/erasure-layer.js:195:20)',
      '    at async Promise.all (index 0)',
      '    at /srv/other/place.js:3:9',
      '    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)',
    ].join('\n');
    expect(stackSource(stack)).toEqual([
      '/srv/stowage/packages/store/dist/engine/erasure/erasure-layer.js:195:ErasureObjectLayer.getObject()',
      '/srv/other/place.js:3:<anonymous>()',
      'node:internal/process/task_queues:95:process.processTicksAndRejections()',
    ]);
  });

  it('keeps passwords in URLs and presigned signatures out of messages and errors', () => {
    const { entries, log } = logged();
    log.error('nats: connect to nats://ops:s3cr3t-pass@mq:4222 failed', {
      err: new Error('GET http://h/b/k?X-Amz-Signature=abcdef0123&X-Amz-Security-Token=tok-xyz refused'),
    });
    const text = JSON.stringify(entries);
    expect(text).not.toMatch(/s3cr3t-pass|abcdef0123|tok-xyz/);
    expect(entries[0]!.message).toBe('nats: connect to nats://ops:*REDACTED*@mq:4222 failed');
    expect(redactSecrets('postgres://u:p@db/ev and Signature=QkFE%2B')).toBe(
      'postgres://u:*REDACTED*@db/ev and Signature=*REDACTED*',
    );
    expect(redactSecrets("invalid connection string near 'password='p w' sslmode=on'")).toBe(
      "invalid connection string near 'password=*REDACTED* sslmode=on'",
    );
    expect(redactSecrets('host=db password=hunter2 dbname=ev')).toBe('host=db password=*REDACTED* dbname=ev');
    // Without a password, a URL is left as it is.
    expect(redactSecrets('http://user@h:9000/x')).toBe('http://user@h:9000/x');
  });
});

describe('log lines for people', () => {
  it('INFO as the message alone; others with their level, the request and the source', () => {
    expect(formatLogLine({ time: TIME, level: 'INFO', message: 'store listening on http://x' })).toBe(
      'store listening on http://x',
    );
    const line = formatLogLine({
      time: TIME,
      level: 'ERROR',
      message: 'photos/cat.jpg: content hash does not match (bitrot)',
      request: REQUEST,
      error: { message: 'content hash does not match', source: ['a.ts:1:f()', 'b.ts:2:g()'] },
    });
    expect(line.split('\n')).toEqual([
      'ERROR: photos/cat.jpg: content hash does not match (bitrot) (API: GetObject photos/cat.jpg, RequestID: 1877A2B3C4D5E6F7, RemoteHost: 10.0.0.5, UserAgent: MinIO (linux; amd64) minio-go/v7.0.63)',
      '  Error: content hash does not match',
      '    2: a.ts:1:f()',
      '    1: b.ts:2:g()',
    ]);
  });
});
