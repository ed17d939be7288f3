import { describe, expect, it } from 'vitest';
import { parseRequestXml } from '../../wire/xml-parse.js';
import { objectOf } from './kind.js';
import { withRuleIds } from './lifecycle-rules.js';

const named = (text: string) => {
  const rules = [parseRequestXml(Buffer.from(text), 'LifecycleConfiguration').Rule ?? []]
    .flat()
    .map((r) => objectOf(r));
  let n = 0;
  return withRuleIds(text, rules, () => `id${++n}`);
};

describe('withRuleIds', () => {
  it('names unnamed rules only, in place, leaving the rest of the document as sent', () => {
    const doc =
      '<LifecycleConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><!-- <Rule> --><Rule><Status>Enabled</Status></Rule>' +
      '<Rule><ID>kept</ID><Status>Enabled</Status></Rule><s3:Rule xmlns:s3="x"> <s3:ID/><Status>Enabled</Status></s3:Rule>' +
      '<Rule><ID></ID><Status>Enabled</Status></Rule></LifecycleConfiguration>';
    expect(named(doc)).toBe(
      '<LifecycleConfiguration xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><!-- <Rule> --><Rule><ID>id1</ID><Status>Enabled</Status></Rule>' +
        '<Rule><ID>kept</ID><Status>Enabled</Status></Rule><s3:Rule xmlns:s3="x"> <ID>id2</ID><Status>Enabled</Status></s3:Rule>' +
        '<Rule><ID>id3</ID><Status>Enabled</Status></Rule></LifecycleConfiguration>',
    );
  });

  it('leaves a document whose rules all have IDs untouched', () => {
    const doc =
      '<LifecycleConfiguration><Rule><ID>a</ID><Status>Enabled</Status></Rule></LifecycleConfiguration>';
    expect(named(doc)).toBe(doc);
  });
});
