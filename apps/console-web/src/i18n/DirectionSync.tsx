import { useDirection } from '@mantine/core';
import { useEffect } from 'react';
import { localeInfo } from './locales.js';
import { useLocale } from './useLocale.js';

/** Keeps Mantine's direction (menus, drawers, sliders) in step with the language: Arabic is right-to-left. */
export function DirectionSync() {
  const { locale } = useLocale();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(localeInfo(locale).dir), [locale, setDirection]);
  return null;
}
