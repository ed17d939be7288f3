import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en.js';

declare module 'i18next' {
  interface CustomTypeOptions {
    // Typed keys: a misspelt key is a compile error, not a blank label.
    resources: { translation: typeof en };
  }
}

// Synchronous init so the first render (and every test) already has texts.
void i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'en',
  resources: { en: { translation: en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

export { i18n };
