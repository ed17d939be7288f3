import { describe, expect, it } from 'vitest';
import { encodeCommand, parseReply, RespError } from './resp.js';

describe('RESP', () => {
  it('encodes commands as arrays of bulk strings (byte lengths)', () => {
    expect(encodeCommand(['HSET', 'k', 'é']).toString()).toBe('*3\r\n$4\r\nHSET\r\n$1\r\nk\r\n$2\r\né\r\n');
  });

  it('parses every reply type, and waits for replies that have not fully arrived', () => {
    const whole = Buffer.from('+OK\r\n:3\r\n$5\r\nhello\r\n$-1\r\n*2\r\n$1\r\na\r\n:7\r\n-ERR wrong\r\n');
    const values: unknown[] = [];
    let at = 0;
    for (let r = parseReply(whole, at); r; r = parseReply(whole, at)) {
      values.push(r.value);
      at = r.next;
    }
    expect(values.slice(0, 5)).toEqual(['OK', 3, 'hello', null, ['a', 7]]);
    expect(values[5]).toBeInstanceOf(RespError);
    expect((values[5] as Error).message).toBe('ERR wrong');
    expect(parseReply(Buffer.from('$5\r\nhel'))).toBeUndefined();
    expect(parseReply(Buffer.from('*2\r\n$1\r\na\r\n'))).toBeUndefined();
    expect(() => parseReply(Buffer.from('?huh\r\n'))).toThrow(RespError);
  });
});
