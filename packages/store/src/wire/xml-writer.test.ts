import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { el, elAttrs, escapeXml, renderXml, S3_NAMESPACE } from './xml-writer.js';

describe('xml writer', () => {
  it('escapes markup characters in text and attributes', () => {
    expect(escapeXml(`a&b<c>d"e'f`)).toBe('a&amp;b&lt;c&gt;d&quot;e&apos;f');
    expect(renderXml(elAttrs('A', { x: '"<&>' }, 'k<1>&'))).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<A x="&quot;&lt;&amp;&gt;">k&lt;1&gt;&amp;</A>',
    );
  });

  it('turns control characters into character references', () => {
    expect(escapeXml('a\nb\tc\x01')).toBe('a&#xA;b&#x9;c&#x1;');
  });

  it('leaves out null and undefined children and renders numbers and booleans', () => {
    const doc = el('R', el('N', 3), el('T', true), null, undefined, el('E'));
    expect(renderXml(doc)).toContain('<R><N>3</N><T>true</T><E></E></R>');
  });

  it('round-trips tricky keys through a real XML parser', () => {
    const key = 'dir/<weird> & "quoted" \'key\' ☃ \u{1F600} line\nbreak';
    const xml = renderXml(
      elAttrs('ListBucketResult', { xmlns: S3_NAMESPACE }, el('Contents', el('Key', key))),
    );
    const parsed = new XMLParser({ processEntities: true, htmlEntities: true }).parse(xml) as {
      ListBucketResult: { Contents: { Key: string } };
    };
    expect(parsed.ListBucketResult.Contents.Key).toBe(key);
  });
});
