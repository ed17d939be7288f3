import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.js';
import { DEFAULT_LOCALE, isLocale, type LocaleCode, localeInfo, matchBrowserLocale } from './locales.js';
import type { Translation } from './translation.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    // Typed keys: a misspelt key is a compile error, not a blank label.
    resources: { translation: typeof en };
  }
}

type OtherLocale = Exclude<LocaleCode, 'en'>;

// One chunk per language: only the chosen one is downloaded.
const loaders: { [L in OtherLocale]: () => Promise<Translation<typeof en, L>> } = {
  de: () => import('./de.js').then((m) => m.de),
  fr: () => import('./fr.js').then((m) => m.fr),
  es: () => import('./es.js').then((m) => m.es),
  zh: () => import('./zh.js').then((m) => m.zh),
  ja: () => import('./ja.js').then((m) => m.ja),
  ar: () => import('./ar.js').then((m) => m.ar),
};

/** Where the reader's choice is kept between visits. */
export const LOCALE_STORAGE_KEY = 'stowage.locale';

/** The stored choice, else the browser's first supported language, else English. */
export function preferredLocale(): LocaleCode {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
    if (isLocale(stored)) return stored;
  } catch {
    // Storage can be blocked (private modes); the browser's language still applies.
  }
  const languages = globalThis.navigator?.languages ?? [globalThis.navigator?.language ?? DEFAULT_LOCALE];
  return matchBrowserLocale(languages);
}

function applyToDocument(code: LocaleCode) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = localeInfo(code).intl;
  document.documentElement.dir = localeInfo(code).dir;
}

/**
 * Loads the language's texts if needed, switches to it and marks `<html lang dir>`; a choice
 * (not the start-up default) is remembered for the next visit.
 */
export async function setLocale(
  code: LocaleCode,
  { remember = true }: { remember?: boolean } = {},
): Promise<void> {
  if (code !== 'en' && !i18n.hasResourceBundle(code, 'translation')) {
    i18n.addResourceBundle(code, 'translation', await loaders[code]());
  }
  await i18n.changeLanguage(code);
  applyToDocument(code);
  if (!remember) return;
  try {
    globalThis.localStorage?.setItem(LOCALE_STORAGE_KEY, code);
  } catch {
    // Not remembered, still switched.
  }
}

/** The current language (one of LOCALES). */
export function currentLocale(): LocaleCode {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** The BCP 47 tag Intl formatters use for the current language (`zh` → `zh-CN`). */
export function currentIntlLocale(): string {
  return localeInfo(currentLocale()).intl;
}

// Synchronous init so the first render (and every test) already has texts; another
// preferred language follows as soon as its chunk arrives.
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  supportedLngs: ['en', 'de', 'fr', 'es', 'zh', 'ja', 'ar'],
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});
applyToDocument('en');

export { i18n };
