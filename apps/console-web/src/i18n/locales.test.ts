import { afterEach, describe, expect, it } from 'vitest';
import { currentIntlLocale, i18n, LOCALE_STORAGE_KEY, preferredLocale, setLocale } from './index.js';
import { matchBrowserLocale } from './locales.js';

afterEach(async () => {
  await setLocale('en');
  localStorage.clear();
});

describe('locales', () => {
  it('takes the first supported browser language, else English', () => {
    expect(matchBrowserLocale(['de-AT', 'en'])).toBe('de');
    expect(matchBrowserLocale(['pt-BR', 'zh-Hans-CN'])).toBe('zh');
    expect(matchBrowserLocale(['pt-BR'])).toBe('en');
  });

  it('prefers the stored choice over the browser', () => {
    localStorage.setItem(LOCALE_STORAGE_KEY, 'ja');
    expect(preferredLocale()).toBe('ja');
    localStorage.setItem(LOCALE_STORAGE_KEY, 'xx');
    expect(preferredLocale()).toBe('en');
  });

  it('loads a language on demand, marks the document and remembers the choice', async () => {
    expect(i18n.hasResourceBundle('ar', 'translation')).toBe(false);
    await setLocale('ar');
    expect(i18n.t('nav.logout')).toBe('تسجيل الخروج');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ar');

    await setLocale('zh', { remember: false });
    expect(currentIntlLocale()).toBe('zh-CN');
    expect(document.documentElement.dir).toBe('ltr');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ar');
  });

  it('uses each language’s plural forms', async () => {
    await setLocale('ar');
    const n = (count: number) => i18n.t('tenantTabs.yaml.problems', { count });
    expect([0, 1, 2, 3, 11, 100].map(n)).toEqual([
      'لا توجد مشكلات',
      'مشكلة واحدة',
      'مشكلتان',
      '3 مشكلات',
      '11 مشكلة',
      '100 مشكلة',
    ]);
    await setLocale('fr');
    expect(i18n.t('tenantTabs.yaml.problems', { count: 1_000_000 })).toBe('1000000 de problèmes');
  });
});
