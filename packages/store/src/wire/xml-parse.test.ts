import { describe, expect, it } from 'vitest';
import { listOf, objectOf, parseRequestXml, textOf } from './xml-parse.js';

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

  it('keeps text exactly, spaces and all, and drops only the layout between elements', () => {
    const doc = parseRequestXml(
      Buffer.from(
        '<?xml version="1.0"?>\n<Delete>\n  <Object><Key> a </Key></Object>\n  <Object>\n    <Key>   </Key>\n  </Object>\n  <Object>\n  </Object>\n</Delete>\n',
      ),
      'Delete',
    );
    const objects = listOf(doc.Object).map(objectOf);
    expect(objects).toEqual([{ Key: ' a ' }, { Key: '   ' }, {}]);
    expect(Object.keys(doc)).toEqual(['Object']);
  });

  it('an empty root, written any way, is an empty document', () => {
    for (const text of ['<Tagging/>', '<Tagging></Tagging>', '<Tagging>\n  </Tagging>'])
      expect(parseRequestXml(Buffer.from(text), 'Tagging')).toEqual({});
  });

  it('refuses characters XML forbids, raw or referenced, which would otherwise vanish from a key', () => {
    for (const key of [
      'a&#x0;b',
      'a&#0;b',
      'a&#xD800;b',
      'a&#xFFFE;b',
      'a&#x110000;b',
      'a\u0001b',
      'a\u000Bb',
    ])
      expect(
        () => parseRequestXml(Buffer.from(`<Delete><Object><Key>${key}</Key></Object></Delete>`), 'Delete'),
        key,
      ).toThrow(expect.objectContaining({ code: 'MalformedXML' }));
    // Tab, line feed, carriage return and the rest of Unicode stay allowed.
    const doc = parseRequestXml(
      Buffer.from('<Delete><Object><Key>a&#9;&#x10FFFF;&#34;☃</Key></Object></Delete>'),
      'Delete',
    );
    expect(objectOf(doc.Object).Key).toBe('a\t\u{10FFFF}"☃');
  });
});
