import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findHardcodedTexts } from './hardcodedTexts.js';

const SRC = join(__dirname, '..', '..');

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : componentFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('no hard-coded user-visible text', () => {
  it('every JSX text and user-visible prop of every component goes through t()', () => {
    const found = componentFiles(SRC).flatMap((path) =>
      findHardcodedTexts(relative(SRC, path), readFileSync(path, 'utf8')).map(
        (h) => `${h.file}:${h.line} ${h.where}: ${h.text}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it('flags literal children and props, and lets translated, symbolic and allowed texts pass', () => {
    const source = `
      export const A = () => (
        <Box title="Delete bucket" aria-label={busy ? 'Saving' : t('x')} data-testid="not text">
          Hello there
          {'Goodbye'}
          {t('common.close')} · 42% {'—'}
          <Kbd>Esc</Kbd>
          <Input placeholder={\`Search \${name}\`} label={t('a.b')} />
          <Input placeholder="play.example.com:9000" />
        </Box>
      );`;
    expect(findHardcodedTexts('a.tsx', source).map((h) => [h.where, h.text])).toEqual([
      ['title', 'Delete bucket'],
      ['aria-label', 'Saving'],
      ['text', 'Hello there'],
      ['text', 'Goodbye'],
      ['placeholder', 'Search'],
    ]);
  });
});
