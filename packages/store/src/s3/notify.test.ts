import { describe, expect, it } from 'vitest';
import { notificationRules } from './config/notification.js';
import type { BucketEvent } from './events.js';
import { deliveries, queryEscape, ruleMatches } from './notify.js';

const event = (name: string, key: string): BucketEvent => ({
  name,
  bucket: 'b',
  key,
  time: new Date(0),
  principal: 'p',
  requestId: 'r',
  host: 'h',
  sourceIp: '127.0.0.1',
  userAgent: 'u',
});

describe('notification delivery rules', () => {
  it('escapes keys as Go url.QueryEscape does', () => {
    expect(queryEscape("a b/c+d!'()*~._-é")).toBe('a+b%2Fc%2Bd%21%27%28%29%2A~._-%C3%A9');
  });

  it('reads queue rules from a stored document and matches events, prefix and suffix', () => {
    const [rule, other] = notificationRules(`<NotificationConfiguration>
      <QueueConfiguration><Id>one</Id><Queue>arn:minio:sqs::t1:webhook</Queue>
        <Event>s3:ObjectCreated:*</Event><Event>s3:ObjectRemoved:Delete</Event>
        <Filter><S3Key><FilterRule><Name>Prefix</Name><Value>logs/</Value></FilterRule>
        <FilterRule><Name>suffix</Name><Value>.gz</Value></FilterRule></S3Key></Filter>
      </QueueConfiguration>
      <QueueConfiguration><Queue>arn:minio:sqs:us-east-1:t2:postgresql</Queue><Event>s3:ObjectAccessed:Get</Event></QueueConfiguration>
    </NotificationConfiguration>`);
    expect(rule).toEqual({
      id: 'one',
      target: 't1:webhook',
      events: ['s3:ObjectCreated:*', 's3:ObjectRemoved:Delete'],
      prefix: 'logs/',
      suffix: '.gz',
    });
    expect(other).toMatchObject({ id: '', target: 't2:postgresql', prefix: '', suffix: '' });
    expect(ruleMatches(rule!, event('s3:ObjectCreated:Copy', 'logs/a.gz'))).toBe(true);
    expect(ruleMatches(rule!, event('s3:ObjectRemoved:Delete', 'logs/a.gz'))).toBe(true);
    expect(ruleMatches(rule!, event('s3:ObjectRemoved:DeleteMarkerCreated', 'logs/a.gz'))).toBe(false);
    expect(ruleMatches(rule!, event('s3:ObjectCreated:Put', 'logs/a.txt'))).toBe(false);
    expect(ruleMatches(rule!, event('s3:ObjectCreated:Put', 'old/logs/a.gz'))).toBe(false);
  });

  it('sends an event once per target, however many of its rules match', () => {
    const rules = notificationRules(`<NotificationConfiguration>
      <QueueConfiguration><Id>a</Id><Queue>arn:minio:sqs::t1:webhook</Queue><Event>s3:ObjectCreated:*</Event></QueueConfiguration>
      <QueueConfiguration><Id>b</Id><Queue>arn:minio:sqs::t1:webhook</Queue><Event>s3:ObjectCreated:Put</Event></QueueConfiguration>
      <QueueConfiguration><Id>c</Id><Queue>arn:minio:sqs::t2:webhook</Queue><Event>s3:ObjectCreated:Put</Event></QueueConfiguration>
    </NotificationConfiguration>`);
    expect(deliveries(rules, event('s3:ObjectCreated:Put', 'k')).map((r) => r.id)).toEqual(['a', 'c']);
    expect(deliveries(rules, event('s3:ObjectCreated:Copy', 'k')).map((r) => r.id)).toEqual(['a']);
  });
});
