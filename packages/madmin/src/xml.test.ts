import { describe, expect, it } from 'vitest';
import { xmlText } from './xml.js';

describe('xml helpers', () => {
  const doc =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/"><Error><Type></Type>' +
    '<Code>AccessDenied</Code><Message>a &lt;b&gt; &amp; &#34;c&#x27; &unknown;</Message></Error>' +
    '<RequestId>17A</RequestId></ErrorResponse>';

  it('finds elements by path and decodes text', () => {
    expect(xmlText(doc, ['ErrorResponse', 'Error', 'Code'])).toBe('AccessDenied');
    expect(xmlText(doc, ['Error', 'Message'])).toBe('a <b> & "c\' &unknown;');
    expect(xmlText(doc, ['ErrorResponse', 'RequestId'])).toBe('17A');
    expect(xmlText(doc, ['Error', 'Type'])).toBe('');
    expect(xmlText(doc, ['Error', 'Resource'])).toBeUndefined();
  });

  it('does not confuse prefixes of names, handles self-closing and nested same-name elements', () => {
    expect(xmlText('<ErrorResponse>x</ErrorResponse>', ['Error'])).toBeUndefined();
    expect(xmlText('<A><Arn/><B>1</B></A>', ['Arn'])).toBe('');
    expect(xmlText('<a x="1"><a>in</a><a/>tail</a>', ['a'])).toBe('intail');
    expect(xmlText('<a x="1"><a>in</a><a/>tail</a>', ['a', 'a'])).toBe('in');
  });

  it('keeps CDATA verbatim and drops nested tags from text', () => {
    expect(xmlText('<M><![CDATA[<&>]]> and <b>bold</b></M>', ['M'])).toBe('<&> and bold');
  });

  it('returns undefined for unterminated elements', () => {
    expect(xmlText('<Code>abc', ['Code'])).toBeUndefined();
    expect(xmlText('<html><body>Bad gateway', ['Code'])).toBeUndefined();
    expect(xmlText('Bad gateway', ['Code'])).toBeUndefined();
  });
});
