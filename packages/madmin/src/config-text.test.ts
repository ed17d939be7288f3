import { describe, expect, it } from 'vitest';
import { formatConfigLine, parseConfigText } from './config-text.js';

describe('config KV text', () => {
  it('reads targets, quoted values and env overrides for the next line only', () => {
    const text = [
      'notify_webhook enable=off endpoint= auth_token= queue_limit=0 ',
      '# MINIO_NOTIFY_WEBHOOK_ENDPOINT_1=http://env:9/hook',
      '# a plain comment',
      'notify_webhook:1 endpoint=http://h:8080/hook auth_token=s3cr3t comment="two words" ',
      'region name=eu-west-1 ',
      '',
    ].join('\n');
    expect(parseConfigText(text)).toEqual([
      {
        subSys: 'notify_webhook',
        target: '',
        kvs: [
          { key: 'enable', value: 'off' },
          { key: 'endpoint', value: '' },
          { key: 'auth_token', value: '' },
          { key: 'queue_limit', value: '0' },
        ],
        env: {},
      },
      {
        subSys: 'notify_webhook',
        target: '1',
        kvs: [
          { key: 'endpoint', value: 'http://h:8080/hook' },
          { key: 'auth_token', value: 's3cr3t' },
          { key: 'comment', value: 'two words' },
        ],
        env: { endpoint: 'http://env:9/hook' },
      },
      { subSys: 'region', target: '', kvs: [{ key: 'name', value: 'eu-west-1' }], env: {} },
    ]);
  });

  it('writes a line the parser reads back, quoting whitespace and refusing quotes', () => {
    const kvs = [
      { key: 'name', value: 'us-east-1' },
      { key: 'comment', value: 'a b\tc' },
      { key: 'empty', value: '' },
    ];
    const line = formatConfigLine('region', kvs);
    expect(line).toBe('region name=us-east-1 comment="a b\tc" empty=');
    expect(parseConfigText(line)[0]?.kvs).toEqual(kvs);
    expect(() => formatConfigLine('region', [{ key: 'comment', value: 'say "hi"' }])).toThrow(/quotes/);
    expect(() => formatConfigLine('region', [{ key: 'comment', value: 'a\nb' }])).toThrow();
  });
});
