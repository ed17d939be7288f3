import { describe, expect, test } from 'vitest';
import { toLogFrame } from './console-log.js';
import { healthColour } from './heal.js';
import { deadlineOf } from './health-info.js';
import { toTraceFrame, traceFilter, traceOptions, withoutPort } from './trace.js';
import { watchEvents } from './watch.js';

const drives = (...states: string[]) =>
  states.map((state, i) => ({ uuid: `${i}`, endpoint: `/d${i}`, state }));

describe('heal colours', () => {
  test('2 data + 2 parity: green whole, yellow with half the parity, red at the edge, grey past it', () => {
    const ec = { dataBlocks: 2, parityBlocks: 2 };
    expect(healthColour(drives('ok', 'ok', 'ok', 'ok'), ec)).toBe('Green');
    expect(healthColour(drives('ok', 'missing', 'ok', 'ok'), ec)).toBe('Yellow');
    expect(healthColour(drives('ok', 'missing', 'offline', 'ok'), ec)).toBe('Red');
    expect(healthColour(drives('ok', 'missing', 'offline', 'corrupt'), ec)).toBe('Grey');
  });

  test('items copied to every drive (buckets) stay readable while one copy is left', () => {
    expect(healthColour(drives('ok', 'missing', 'missing', 'missing'), {})).toBe('Red');
    expect(healthColour(drives('missing', 'missing'), {})).toBe('Grey');
    expect(healthColour(null, {})).toBe('Green');
  });
});

describe('trace', () => {
  test('calls map to the server flags; s3 alone by default', () => {
    expect(traceOptions({})).toMatchObject({
      s3: true,
      internal: false,
      storage: false,
      os: false,
      errorsOnly: false,
    });
    expect(traceOptions({ calls: 'all', onlyErrors: 'yes', threshold: '250' })).toEqual({
      s3: true,
      internal: true,
      storage: true,
      os: true,
      errorsOnly: true,
      threshold: '250ms',
    });
    expect(traceOptions({ calls: 'internal,os' })).toMatchObject({ s3: false, internal: true, os: true });
  });

  test('every filter set applies: exact status and method, substrings of name and path', () => {
    const frame = {
      time: '',
      host: '',
      client: '',
      api: 's3.GetObject',
      method: 'GET',
      path: '/photos/cat.jpg',
      query: '',
      statusCode: 404,
      statusMsg: 'Not Found',
      callStats: { rx: 0, tx: 0, duration: 0, timeToFirstByte: 0 },
    };
    expect(traceFilter({ statusCode: '404', method: 'get', funcname: 'getobj', path: 'CAT' })(frame)).toBe(
      true,
    );
    expect(traceFilter({ statusCode: '200' })(frame)).toBe(false);
    expect(traceFilter({ method: 'PUT' })(frame)).toBe(false);
    expect(traceFilter({ path: 'dog' })(frame)).toBe(false);
    expect(traceFilter({ statusCode: '', path: '' })(frame)).toBe(true);
  });

  test('a drive or file-system call (no HTTP part) shows its name, path and duration', () => {
    const frame = toTraceFrame({
      type: 2,
      nodename: '127.0.0.1:9000',
      funcname: 'storage.ReadVersion',
      time: '2026-11-23T10:00:00Z',
      path: '/data/d1 photos cat.jpg',
      dur: 12_500,
      error: 'ENOENT',
    });
    expect(frame).toMatchObject({
      api: 'storage.ReadVersion',
      host: '127.0.0.1:9000',
      path: '/data/d1 photos cat.jpg',
      method: '',
      statusCode: 0,
      statusMsg: '',
      callStats: { duration: 12_500, rx: 0, tx: 0 },
    });
    expect(traceFilter({ funcname: 'storage.' })(frame)).toBe(true);
  });

  test('client addresses lose their port, IPv6 included', () => {
    expect(withoutPort('10.0.0.1:5123')).toBe('10.0.0.1');
    expect(withoutPort('[::1]:5123')).toBe('::1');
    expect(withoutPort('::1')).toBe('::1');
    expect(withoutPort('')).toBe('');
  });
});

test('watch events default to put, get and delete', () => {
  expect(watchEvents({})).toEqual(['s3:ObjectCreated:*', 's3:ObjectAccessed:*', 's3:ObjectRemoved:*']);
  expect(watchEvents({ events: 'delete,delete' })).toEqual(['s3:ObjectRemoved:*']);
});

test('health-info deadlines are capped at an hour', () => {
  expect(deadlineOf({})).toBe('3600s');
  expect(deadlineOf({ deadline: '30s' })).toBe('30s');
  expect(deadlineOf({ deadline: '9999h' })).toBe('3600s');
  expect(deadlineOf({ deadline: '0s' })).toBe('1s');
});

describe('console log', () => {
  test("every field of the server's entry the Error Logs page shows, and nothing else", () => {
    const frame = toLogFrame({
      deploymentid: 'dep-1',
      level: 'ERROR',
      errKind: 'MINIO',
      time: '2026-11-28T10:00:00.000Z',
      api: { name: 'GetObject', args: { bucket: 'photos', object: 'cat.jpg', metadata: { a: 'b' } } },
      remotehost: '10.0.0.5',
      host: 'store:9000',
      requestID: '1877A2B3C4D5E6F7',
      userAgent: 'mc/2024',
      message: 'photos/cat.jpg: content hash does not match (bitrot)',
      error: { message: 'content hash does not match', source: ['objects.ts:12:read()'], variables: {} },
      ConsoleMsg: 'photos/cat.jpg: content hash does not match (bitrot)',
      node: '127.0.0.1:9000',
    });
    expect(frame).toEqual({
      time: '2026-11-28T10:00:00.000Z',
      node: '127.0.0.1:9000',
      level: 'ERROR',
      errKind: 'MINIO',
      ConsoleMsg: 'photos/cat.jpg: content hash does not match (bitrot)',
      message: 'photos/cat.jpg: content hash does not match (bitrot)',
      deploymentid: 'dep-1',
      requestID: '1877A2B3C4D5E6F7',
      remotehost: '10.0.0.5',
      host: 'store:9000',
      userAgent: 'mc/2024',
      api: { name: 'GetObject', args: { bucket: 'photos', object: 'cat.jpg' } },
      error: { message: 'content hash does not match', source: ['objects.ts:12:read()'] },
    });
  });

  test("the store's own line: no request part", () => {
    const frame = toLogFrame({
      level: 'INFO',
      errKind: 'MINIO',
      time: '2026-11-28T10:00:00.000Z',
      ConsoleMsg: 'store listening on http://127.0.0.1:9000',
      node: '127.0.0.1:9000',
      api: { name: 'SYSTEM' },
    });
    expect(frame).toEqual({
      time: '2026-11-28T10:00:00.000Z',
      node: '127.0.0.1:9000',
      level: 'INFO',
      errKind: 'MINIO',
      ConsoleMsg: 'store listening on http://127.0.0.1:9000',
      api: { name: 'SYSTEM' },
    });
  });
});
