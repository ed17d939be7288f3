import { describe, expect, it } from 'vitest';
import { parseRequestXml, textOf } from './parse.js';

describe('parseRequestXml', () => {
  it('decodes named, decimal and hex character references', () => {
    const doc = parseRequestXml(
      Buffer.from('<Part><ETag>&#34;abc&#34;</ETag><Key>a&amp;b&#xA;c&lt;</Key></Part>'),
      'Part',
    );
    expect(textOf(doc, 'ETag')).toBe('"abc"');
    expect(textOf(doc, 'Key')).toBe('a&b\nc<');
  });

  it('refuses documents that are not well-formed or have another root', () => {
    expect(() => parseRequestXml(Buffer.from('<Part>'), 'Part')).toThrow();
    expect(() => parseRequestXml(Buffer.from('<Other/>'), 'Part')).toThrow();
  });
});
