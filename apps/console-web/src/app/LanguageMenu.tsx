import { Box, Menu, NavLink, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES, localeInfo } from '../i18n/locales.js';
import { useLocale } from '../i18n/useLocale.js';

/** The sidebar's language switcher: each language is listed in its own name and script. */
export function LanguageMenu({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const { locale, setLocale } = useLocale();
  const label = t('nav.language');
  const current = localeInfo(locale).name;
  const trigger = (
    <NavLink
      component="button"
      type="button"
      label={open ? label : undefined}
      description={open ? current : undefined}
      aria-label={open ? undefined : `${label}: ${current}`}
      leftSection={<IconLanguage size="1.25rem" aria-hidden />}
    />
  );
  return (
    <Menu position="right-end" withinPortal>
      <Menu.Target>
        {open ? (
          trigger
        ) : (
          <Tooltip label={label} position="right" withArrow>
            <Box>{trigger}</Box>
          </Tooltip>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        {LOCALES.map((l) => (
          <Menu.Item
            key={l.code}
            lang={l.intl}
            dir={l.dir}
            onClick={() => void setLocale(l.code)}
            rightSection={l.code === locale ? <IconCheck size="1rem" aria-hidden /> : undefined}
            aria-current={l.code === locale ? 'true' : undefined}
          >
            {l.name}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
