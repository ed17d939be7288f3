import { describe, expect, test } from 'vitest';
import { auditSearchOf } from './audit-log.js';
import { auditRecordOf, likePattern } from './record.js';

describe('filter patterns', () => {
  test('* and . are wildcards, \\ escapes, LIKE wildcards are literal', () => {
    expect(likePattern('photos/*')).toBe('photos/%');
    expect(likePattern('a.c')).toBe('a_c');
    expect(likePattern('a\\.c')).toBe('a.c');
    expect(likePattern('a\\*')).toBe('a*');
    expect(likePattern('100%_done')).toBe('100\\%\\_done');
    expect(likePattern('back\\\\slash')).toBe('back\\\\slash');
    expect(likePattern('trailing\\')).toBe('trailing\\\\');
  });

  test('a search: filters, window, order and paging', () => {
    expect(
      auditSearchOf({
        fp: ['bucket:b*', 'api_name:Put.bject'],
        pageSize: 50,
        pageNo: 2,
        order: 'timeAsc',
        timeStart: '2026-01-01T00:00:00+02:00',
      }),
    ).toEqual({
      filters: [
        { column: 'bucket', pattern: 'b%' },
        { column: 'api_name', pattern: 'Put_bject' },
      ],
      from: '2025-12-31T22:00:00.000Z',
      newestFirst: false,
      limit: 50,
      offset: 100,
    });
    expect(auditSearchOf({ fp: 'object:x:y' }).filters).toEqual([{ column: 'object', pattern: 'x:y' }]);
    expect(auditSearchOf({})).toMatchObject({ newestFirst: true, limit: 100, offset: 0, filters: [] });
  });
});

describe('audit entries', () => {
  test("MinIO's entry becomes a row; numbers given as text are read", () => {
    expect(
      auditRecordOf({
        version: '1',
        time: '2026-11-23T10:00:00.123456Z',
        api: {
          name: 'GetObject',
          bucket: 'b',
          object: 'k',
          status: 'OK',
          statusCode: 200,
          rx: 0,
          tx: 42,
          timeToResponseInNS: '1500',
        },
        remotehost: '10.0.0.1',
        requestID: '17A0',
        userAgent: 'mc',
      }),
    ).toEqual({
      time: '2026-11-23T10:00:00.123Z',
      api_name: 'GetObject',
      bucket: 'b',
      object: 'k',
      remote_host: '10.0.0.1',
      request_id: '17A0',
      user_agent: 'mc',
      response_status: 'OK',
      response_status_code: 200,
      request_content_length: 0,
      response_content_length: 42,
      time_to_response_ns: 1500,
    });
  });

  test('anything without a time and an API name is not an entry', () => {
    for (const junk of [
      null,
      'text',
      [],
      {},
      { time: 'soon', api: { name: 'X' } },
      { time: '2026-01-01T00:00:00Z' },
    ])
      expect(auditRecordOf(junk)).toBeUndefined();
  });
});
