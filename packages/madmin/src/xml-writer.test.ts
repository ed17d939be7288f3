import { describe, expect, it } from 'vitest';
import { elementsOf, renderXml } from './xml-writer.js';

// Plain data as elements, for request bodies written by hand (the console's replication rules).

describe('elementsOf', () => {
  it('names children by key, repeats arrays, leaves out undefined and escapes text', () => {
    const [doc] = elementsOf('Config', {
      Role: '',
      Rule: [
        { ID: 'a&b', Priority: 1, Enabled: true, Filter: { Prefix: '<p>' } },
        { ID: 'c', Gone: undefined },
      ],
    });
    expect(renderXml(doc!)).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<Config><Role></Role>' +
        '<Rule><ID>a&amp;b</ID><Priority>1</Priority><Enabled>true</Enabled><Filter><Prefix>&lt;p&gt;</Prefix></Filter></Rule>' +
        '<Rule><ID>c</ID></Rule></Config>',
    );
  });

  it('gives nothing for undefined and one element per item of an array', () => {
    expect(elementsOf('E', undefined)).toEqual([]);
    expect(elementsOf('E', ['x', 'y']).map((e) => e.children)).toEqual([['x'], ['y']]);
  });
});
