import { CreateBucketCommand } from '@aws-sdk/client-s3';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { type AxeViolation, axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { type ColourScheme, pageInScheme, stackAndBrowser } from './support/session.js';
import { rootS3 } from './support/stack.js';

// Issue 42, languages: the switcher in the sidebar changes the whole console, the choice survives
// a reload, Arabic turns the layout right-to-left, long German labels do not break the shell,
// and every language passes axe.

const { stack, browser } = stackAndBrowser();

/** What each language calls its sidebar, its language switcher, the buckets page and its Create Bucket dialog. */
const LANGUAGES = {
  en: {
    name: 'English',
    nav: 'Main',
    language: 'Language',
    buckets: 'Buckets',
    create: 'Create Bucket',
    lang: 'en-US',
  },
  de: {
    name: 'Deutsch',
    nav: 'Hauptmenü',
    language: 'Sprache',
    buckets: 'Buckets',
    create: 'Bucket erstellen',
    lang: 'de-DE',
  },
  fr: {
    name: 'Français',
    nav: 'Principal',
    language: 'Langue',
    buckets: 'Buckets',
    create: 'Créer un bucket',
    lang: 'fr-FR',
  },
  es: {
    name: 'Español',
    nav: 'Principal',
    language: 'Idioma',
    buckets: 'Buckets',
    create: 'Crear bucket',
    lang: 'es-ES',
  },
  zh: {
    name: '简体中文',
    nav: '主导航',
    language: '语言',
    buckets: '存储桶',
    create: '创建存储桶',
    lang: 'zh-CN',
  },
  ja: {
    name: '日本語',
    nav: 'メイン',
    language: '言語',
    buckets: 'バケット',
    create: 'バケットを作成',
    lang: 'ja-JP',
  },
  ar: {
    name: 'العربية',
    nav: 'الرئيسية',
    language: 'اللغة',
    buckets: 'الحاويات',
    create: 'إنشاء حاوية',
    lang: 'ar',
  },
} as const;
type Code = keyof typeof LANGUAGES;

beforeAll(async () => {
  const s3 = rootS3(stack());
  for (const bucket of ['photos-2026', 'invoices-archive', 'a-rather-long-bucket-name-for-layout-checks'])
    await s3.send(new CreateBucketCommand({ Bucket: bucket }));
});

/** Chooses a language with the sidebar's switcher, as a person would. */
async function chooseLanguage(page: Page, from: Code, to: Code) {
  const { nav, language } = LANGUAGES[from];
  await page
    .getByRole('navigation', { name: nav })
    .getByRole('button', { name: new RegExp(`^${language}`) })
    .click();
  await page.getByRole('menuitem', { name: LANGUAGES[to].name }).click();
  await page.getByRole('navigation', { name: LANGUAGES[to].nav }).waitFor();
  // The menu leaves with a transition: axe must not meet it half gone (CI saw it so once).
  await page.getByRole('menu').waitFor({ state: 'hidden' });
}

async function openBuckets(page: Page, code: Code) {
  await page.goto(`${stack().consoleUrl}/buckets`);
  await page.getByRole('navigation', { name: LANGUAGES[code].nav }).waitFor();
  await page.getByText('photos-2026').first().waitFor();
}

/** Nothing sticks out sideways: long labels wrap or truncate inside the page. */
const overflowsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

/** Where the sidebar sits: start of the line is the left in LTR, the right in RTL. */
const sidebarSide = (page: Page, nav: string) =>
  page
    .getByRole('navigation', { name: nav })
    .evaluate((el) => (el.getBoundingClientRect().left < window.innerWidth / 2 ? 'left' : 'right'));

describe('languages', () => {
  test('the switcher changes the console to German, remembers it, and back to English', async () => {
    const page = await pageInScheme(browser(), stack(), 'light');
    await openBuckets(page, 'en');
    await chooseLanguage(page, 'en', 'de');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('de-DE');
    await expect
      .poll(() => page.getByRole('button', { name: 'Bucket erstellen' }).count())
      .toBeGreaterThan(0);

    await page.reload();
    await page.getByRole('navigation', { name: 'Hauptmenü' }).waitFor();
    expect(await page.getByRole('link', { name: 'Benutzer' }).count()).toBe(1);

    await chooseLanguage(page, 'de', 'en');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    await page.context().close();
  });

  for (const code of ['de', 'ar'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      test(`${code} in ${scheme}: dashboard, buckets and a dialog, laid out and axe-clean`, async () => {
        const page = await pageInScheme(browser(), stack(), scheme as ColourScheme);
        await openBuckets(page, 'en');
        await chooseLanguage(page, 'en', code);
        const { nav, create } = LANGUAGES[code];
        const dir = await page.evaluate(() => document.documentElement.dir);
        expect(dir).toBe(code === 'ar' ? 'rtl' : 'ltr');
        expect(await sidebarSide(page, nav)).toBe(code === 'ar' ? 'right' : 'left');

        const report: Record<string, AxeViolation[]> = {};
        expect(await overflowsSideways(page)).toBe(false);
        report.buckets = await axeViolations(page);
        await screenshot(page, `42-${scheme}-${code}-buckets`);

        await page.getByRole('button', { name: create }).first().click();
        const dialog = page.getByRole('dialog', { name: create });
        await dialog.waitFor();
        report.dialog = await axeViolations(page);
        await screenshot(page, `42-${scheme}-${code}-create-bucket`);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });

        await page.goto(`${stack().consoleUrl}/dashboard`);
        await page.getByRole('navigation', { name: nav }).waitFor();
        await page.getByRole('tabpanel').getByRole('region').first().waitFor();
        await page.waitForLoadState('networkidle');
        expect(await overflowsSideways(page)).toBe(false);
        report.dashboard = await axeViolations(page);
        await screenshot(page, `42-${scheme}-${code}-dashboard`);

        expect(report).toEqual({ buckets: [], dialog: [], dashboard: [] });
        await page.context().close();
      });
    }
  }

  test('every language passes axe on the buckets page and the dashboard', async () => {
    const report: Record<string, AxeViolation[]> = {};
    const page = await pageInScheme(browser(), stack(), 'light');
    for (const code of Object.keys(LANGUAGES) as Code[]) {
      await page.evaluate((c) => localStorage.setItem('stowage.locale', c), code);
      await openBuckets(page, code);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe(LANGUAGES[code].lang);
      expect(await page.getByRole('heading', { name: LANGUAGES[code].buckets, level: 1 }).count()).toBe(1);
      report[`${code} buckets`] = await axeViolations(page);
      await page.goto(`${stack().consoleUrl}/dashboard`);
      await page.getByRole('tabpanel').getByRole('region').first().waitFor();
      await page.waitForLoadState('networkidle');
      report[`${code} dashboard`] = await axeViolations(page);
    }
    expect(Object.fromEntries(Object.entries(report).filter(([, v]) => v.length > 0))).toEqual({});
    await page.context().close();
  });
});
