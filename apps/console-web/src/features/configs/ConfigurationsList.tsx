import { NavLink, Stack } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CONFIGURATIONS } from './configFields.js';

/** The configuration names; each opens its form, or its own url when it has one. */
export function ConfigurationsList() {
  const { t } = useTranslation();
  return (
    <Stack
      gap={2}
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t('configs.menu.configurations')}
    >
      {CONFIGURATIONS.map((c) => (
        <li key={c.id}>
          <NavLink
            component={Link}
            to={c.url ?? `/settings/configurations/${c.id}`}
            label={t(`configs.labels.${c.id}`)}
            description={t(`configs.descriptions.${c.id}`)}
            rightSection={<IconChevronRight size="1rem" aria-hidden />}
          />
        </li>
      ))}
    </Stack>
  );
}
