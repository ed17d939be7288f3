import { describe, expect, it } from 'vitest';
import { evaluateConditions, parseConditions } from './conditions.js';

const etag = '9b2cf535f27731c974343645a3985328';
const mod = new Date('2024-05-01T10:00:00.500Z');
const eval_ = (h: Record<string, string>) => evaluateConditions(parseConditions(h), etag, mod);

describe('conditional headers', () => {
  it('If-Match: 412 unless an ETag (quoted or not, or *) matches', () => {
    expect(eval_({ 'if-match': `"${etag}"` })).toBe('ok');
    expect(eval_({ 'if-match': `"other", ${etag}` })).toBe('ok');
    expect(eval_({ 'if-match': '*' })).toBe('ok');
    expect(eval_({ 'if-match': '"other"' })).toBe('failed');
  });

  it('If-None-Match: not modified when the ETag matches', () => {
    expect(eval_({ 'if-none-match': `"${etag}"` })).toBe('not-modified');
    expect(eval_({ 'if-none-match': '"other"' })).toBe('ok');
  });

  it('dates compare at whole seconds; unparsable dates are ignored', () => {
    expect(eval_({ 'if-modified-since': 'Wed, 01 May 2024 10:00:00 GMT' })).toBe('not-modified');
    expect(eval_({ 'if-modified-since': 'Wed, 01 May 2024 09:59:59 GMT' })).toBe('ok');
    expect(eval_({ 'if-unmodified-since': 'Wed, 01 May 2024 09:59:59 GMT' })).toBe('failed');
    expect(eval_({ 'if-unmodified-since': 'Wed, 01 May 2024 10:00:00 GMT' })).toBe('ok');
    expect(eval_({ 'if-unmodified-since': 'not a date' })).toBe('ok');
  });

  it('AWS precedence: true If-Match beats false If-Unmodified-Since; If-None-Match beats If-Modified-Since', () => {
    expect(eval_({ 'if-match': etag, 'if-unmodified-since': 'Wed, 01 May 2024 09:00:00 GMT' })).toBe('ok');
    expect(eval_({ 'if-none-match': '"other"', 'if-modified-since': 'Wed, 01 May 2024 11:00:00 GMT' })).toBe(
      'ok',
    );
    expect(eval_({ 'if-none-match': etag, 'if-modified-since': 'Wed, 01 May 2024 09:00:00 GMT' })).toBe(
      'not-modified',
    );
  });

  it('reads the x-amz-copy-source-if-* variants with a prefix', () => {
    expect(parseConditions({ 'x-amz-copy-source-if-match': '"a"' }, 'x-amz-copy-source-')).toEqual({
      ifMatch: ['a'],
    });
  });
});
