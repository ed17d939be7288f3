import { describe, expect, it } from 'vitest';
import { ar } from './ar.js';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { ja } from './ja.js';
import { compareTexts } from './keys.js';
import { LOCALES } from './locales.js';
import { zh } from './zh.js';

const registered = { de, fr, es, zh, ja, ar };
const OTHERS = LOCALES.filter((l) => l.code !== 'en').map((l) => l.code);

// Every area file of every language, registered or not yet (other work adds areas; the CI check
// covers them before they are wired in).
const areaFiles = import.meta.glob<Record<string, object>>('./*/*.ts', { eager: true });

function areaOf(path: string) {
  const [, dir, file] = path.match(/^\.\/(\w+)\/(\w+)\.ts$/) ?? [];
  return { dir, file };
}

describe('translations', () => {
  it('every locale has every English key, its own plural forms, the same placeholders and nothing extra', () => {
    const problems = OTHERS.flatMap((code) => compareTexts(en, registered[code], code));
    expect(problems).toEqual([]);
  });

  it('every English area file has a file per locale with the same export, complete', () => {
    const problems: string[] = [];
    for (const [path, mod] of Object.entries(areaFiles)) {
      const { dir, file } = areaOf(path);
      if (dir !== 'en') continue;
      for (const code of OTHERS) {
        const translated = areaFiles[`./${code}/${file}.ts`];
        if (!translated) {
          problems.push(`${code}: no ${code}/${file}.ts`);
          continue;
        }
        for (const [name, texts] of Object.entries(mod)) {
          const other = translated[name];
          if (!other) problems.push(`${code}/${file}.ts: no export ${name}`);
          else problems.push(...compareTexts(texts, other, code));
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('finds what a bad translation gets wrong', () => {
    const english = {
      a: { title: 'Delete {{name}}', files_one: '{{count}} file', files_other: '{{count}} files' },
    };
    const broken = { a: { title: 'Löschen {{nom}}', files_one: 'eine Datei', extra: 'x' } };
    expect(compareTexts(english, broken, 'de')).toEqual([
      'de: a.title has {{nom}}, English {{name}}',
      'de: missing a.files_other',
      'de: extra a.extra',
    ]);
    expect(compareTexts(english, { a: { title: 'x {{name}}', files_other: '{{count}}' } }, 'ja')).toEqual([]);
  });
});
