import { describe, expect, test } from 'vitest';
import { completeAction } from './actionCompletion.js';

describe('completeAction', () => {
  test('completes in a bare Action string and in any item of an Action array', () => {
    expect(completeAction('{"Action": "s3:GetObj')).toEqual({
      from: 12,
      options: [
        's3:GetObject',
        's3:GetObjectRetention',
        's3:GetObjectLegalHold',
        's3:GetObjectTagging',
        's3:GetObjectVersion',
        's3:GetObjectVersionTagging',
        's3:GetObjectVersionForReplication',
        's3:GetObjectAttributes',
        's3:GetObjectVersionAttributes',
      ],
    });
    const text = '{"NotAction": [\n  "s3:PutObject",\n  "admin:ServerI';
    expect(completeAction(text)).toEqual({ from: text.lastIndexOf('"') + 1, options: ['admin:ServerInfo'] });
  });

  test('offers every action on an empty string', () => {
    expect(completeAction('{"Action": ["')?.options.length).toBeGreaterThan(100);
  });

  test('does not complete outside Action: resources, keys, a closed array', () => {
    expect(completeAction('{"Resource": ["arn')).toBeUndefined();
    expect(completeAction('{"Act')).toBeUndefined();
    expect(completeAction('{"Action": ["s3:GetObject"], "Sid": "s3')).toBeUndefined();
  });
});
