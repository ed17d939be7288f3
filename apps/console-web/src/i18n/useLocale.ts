import { useTranslation } from 'react-i18next';
import { setLocale } from './index.js';
import { isLocale, type LocaleCode } from './locales.js';

/** The current language (re-renders on change) and the way to switch it. */
export function useLocale(): { locale: LocaleCode; setLocale: (code: LocaleCode) => Promise<void> } {
  const { i18n } = useTranslation();
  return { locale: isLocale(i18n.language) ? i18n.language : 'en', setLocale };
}
