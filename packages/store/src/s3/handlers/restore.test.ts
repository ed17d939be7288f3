import { describe, expect, it } from 'vitest';
import { ApiError } from '../../wire/errors.js';
import { parseRestoreDays } from './restore.js';

const doc = (inner: string) =>
  Buffer.from(`<RestoreRequest xmlns="http://s3.amazonaws.com/doc/2006-03-01/">${inner}</RestoreRequest>`);
const codeOf = (body: Buffer) => {
  try {
    parseRestoreDays(body);
    return 'parsed';
  } catch (err) {
    return err instanceof ApiError ? err.code : String(err);
  }
};

describe('RestoreRequest', () => {
  it('reads Days', () => {
    expect(parseRestoreDays(doc('<Days>7</Days>'))).toBe(7);
    expect(
      parseRestoreDays(
        doc('<Days>1</Days><GlacierJobParameters><Tier>Standard</Tier></GlacierJobParameters>'),
      ),
    ).toBe(1);
  });

  it('refuses what is not a plain restore of at least one day', () => {
    expect(codeOf(Buffer.alloc(0))).toBe('MissingRequestBodyError');
    expect(codeOf(doc(''))).toBe('MalformedXML');
    expect(codeOf(doc('<Days>0</Days>'))).toBe('MalformedXML');
    expect(codeOf(doc('<Days>-3</Days>'))).toBe('MalformedXML');
    expect(codeOf(doc('<Days>two</Days>'))).toBe('MalformedXML');
    expect(codeOf(doc('<Days>99999999999</Days>'))).toBe('MalformedXML');
    expect(codeOf(Buffer.from('<Other><Days>1</Days></Other>'))).toBe('MalformedXML');
    expect(codeOf(doc('<Type>SELECT</Type>'))).toBe('NotImplemented');
  });
});
