/** The console's languages. `intl` is the BCP 47 tag for Intl formatting; `name` is the language's own name (an autonym, shown untranslated in the switcher). */
export const LOCALES = [
  { code: 'en', intl: 'en-US', name: 'English', dir: 'ltr' },
  { code: 'de', intl: 'de-DE', name: 'Deutsch', dir: 'ltr' },
  { code: 'fr', intl: 'fr-FR', name: 'Français', dir: 'ltr' },
  { code: 'es', intl: 'es-ES', name: 'Español', dir: 'ltr' },
  { code: 'zh', intl: 'zh-CN', name: '简体中文', dir: 'ltr' },
  { code: 'ja', intl: 'ja-JP', name: '日本語', dir: 'ltr' },
  { code: 'ar', intl: 'ar', name: 'العربية', dir: 'rtl' },
] as const;

export type LocaleCode = (typeof LOCALES)[number]['code'];
export type LocaleInfo = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: LocaleCode = 'en';

export function isLocale(code: unknown): code is LocaleCode {
  return LOCALES.some((l) => l.code === code);
}

export function localeInfo(code: string): LocaleInfo {
  return LOCALES.find((l) => l.code === code) ?? LOCALES[0];
}

/** The first supported language of the browser's list (`de-AT` → `de`, `zh-Hans-CN` → `zh`), else English. */
export function matchBrowserLocale(languages: readonly string[]): LocaleCode {
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}
