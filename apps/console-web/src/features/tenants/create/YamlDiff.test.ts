import { describe, expect, it } from 'vitest';
import { diffLines } from './YamlDiff.js';

describe('diffLines', () => {
  it('marks every line new against an empty document', () => {
    expect(diffLines('', 'kind: Tenant\nspec: {}\n')).toEqual([
      { mark: '+', text: 'kind: Tenant' },
      { mark: '+', text: 'spec: {}' },
    ]);
  });

  it('keeps common lines and marks what was removed and added', () => {
    expect(diffLines('a\nb\nc', 'a\nx\nc')).toEqual([
      { mark: ' ', text: 'a' },
      { mark: '+', text: 'x' },
      { mark: '-', text: 'b' },
      { mark: ' ', text: 'c' },
    ]);
  });

  it('gives nothing for two empty documents', () => {
    expect(diffLines('', '')).toEqual([]);
  });
});
