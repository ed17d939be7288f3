import type { LocaleCode } from './locales.js';

/** CLDR plural categories per locale: `new Intl.PluralRules(L).resolvedOptions().pluralCategories`. */
export interface PluralCategories {
  en: 'one' | 'other';
  de: 'one' | 'other';
  fr: 'one' | 'many' | 'other';
  es: 'one' | 'many' | 'other';
  zh: 'other';
  ja: 'other';
  ar: 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';
}

type EnglishPlural = `${string}_one` | `${string}_other`;

/**
 * A locale's texts for an English area: the same keys, every value a string, except that each
 * English plural pair (`x_one`/`x_other`) becomes the locale's own categories (`x_zero`…`x_other`).
 * Missing or extra keys are compile errors in an object literal of this type.
 */
export type Translation<T, L extends LocaleCode> = {
  -readonly [K in keyof T as K extends EnglishPlural ? never : K]: T[K] extends string
    ? string
    : Translation<T[K], L>;
} & {
  -readonly [K in keyof T as K extends `${infer Base}_other`
    ? `${Base}_${PluralCategories[L]}`
    : never]: string;
};
