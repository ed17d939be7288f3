/** Flattens nested texts to dotted keys: `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`. */
export function flattenTexts(texts: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(texts)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else if (value && typeof value === 'object')
      for (const [k, v] of flattenTexts(value, path)) out.set(k, v);
  }
  return out;
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** `a.files_one` → `a.files`; other keys unchanged. */
export function pluralBase(key: string): string {
  return key.replace(PLURAL_SUFFIX, '');
}

export function isPluralKey(key: string): boolean {
  return PLURAL_SUFFIX.test(key);
}

/** The `{{name}}` placeholders of a text, sorted and unique. */
export function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1] ?? ''))].sort();
}

/**
 * What a locale's texts lack or have too many of, compared with English: each English plural
 * pair becomes the locale's CLDR categories; placeholders must match (a plural form may leave
 * `{{count}}` out, as Arabic does for one and two).
 */
export function compareTexts(english: object, translated: object, locale: string): string[] {
  const en = flattenTexts(english);
  const tr = flattenTexts(translated);
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const expected = new Map<string, string>();
  for (const [key, text] of en) {
    if (!isPluralKey(key)) expected.set(key, text);
    else if (key.endsWith('_other'))
      for (const c of categories) expected.set(`${pluralBase(key)}_${c}`, text);
  }
  const problems: string[] = [];
  for (const [key, text] of expected) {
    const got = tr.get(key);
    if (got === undefined) {
      problems.push(`${locale}: missing ${key}`);
      continue;
    }
    if (text !== '' && got.trim() === '') problems.push(`${locale}: empty ${key}`);
    const want = placeholders(text).filter((p) => !(isPluralKey(key) && p === 'count'));
    const have = placeholders(got).filter((p) => !(isPluralKey(key) && p === 'count'));
    if (want.join() !== have.join()) problems.push(`${locale}: ${key} has {{${have}}}, English {{${want}}}`);
  }
  for (const key of tr.keys()) if (!expected.has(key)) problems.push(`${locale}: extra ${key}`);
  return problems;
}
