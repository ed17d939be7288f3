import {
  Kbd,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeploymentsQuery } from '../features/deployments/queries.js';
import { useLogoutMutation } from '../features/session/queries.js';
import { useSession } from '../features/session/SessionProvider.js';
import { setLocale } from '../i18n/index.js';
import { localeInfo } from '../i18n/locales.js';
import { tokens } from '../theme/tokens.js';
import { buildCommands, type Command, CREATE_PARAM, deploymentCommands, matchesQuery } from './commands.js';
import { openShortcutsHelp } from './shortcutsHelp.js';

/** Ctrl/⌘+K: every page the session may open and the common actions, by keyboard. */
export function CommandPalette() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  useHotkeys([['mod+K', () => setOpened((o) => !o)]], []);
  const close = () => setOpened(false);
  return (
    <Modal opened={opened} onClose={close} title={t('palette.title')} size="lg">
      <PaletteBody onClose={close} />
    </Modal>
  );
}

/**
 * The palette's search and list. The modal mounts it only while it shows, so the shell, which
 * draws the palette on every page, does not build its commands and their ~70 labels each time;
 * and the search starts empty each time it opens.
 */
function PaletteBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const logout = useLogoutMutation();
  const { toggleColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const { data: deployments } = useDeploymentsQuery();
  const commands = useMemo(
    () =>
      session.status === 'authenticated'
        ? [
            ...buildCommands(session.session.pages, session.session.operator),
            ...deploymentCommands(deployments ?? []),
          ]
        : [],
    [session, deployments],
  );
  const labelOf = (c: Command) => {
    if (c.kind === 'go') return t(`nav.${c.label}`);
    if (c.kind === 'create') return t(`palette.${c.label}`);
    if (c.kind === 'locale') return t('palette.language', { name: localeInfo(c.locale).name });
    if (c.kind === 'theme') return scheme === 'dark' ? t('nav.lightTheme') : t('nav.darkTheme');
    if (c.kind === 'shortcuts') return t('shortcuts.open');
    if (c.kind === 'deployment') return t('deployments.switchTo', { name: c.name });
    return t('nav.logout');
  };
  const shown = commands.filter((c) => matchesQuery(labelOf(c), query));
  const run = (c: Command | undefined) => {
    if (!c) return;
    onClose();
    if (c.kind === 'go') void navigate(c.path);
    else if (c.kind === 'create') void navigate(`${c.path}?${CREATE_PARAM}=1`);
    else if (c.kind === 'locale') void setLocale(c.locale);
    else if (c.kind === 'theme') toggleColorScheme();
    else if (c.kind === 'shortcuts') openShortcutsHelp();
    // Another deployment is another app under its own path; this one's session stays.
    else if (c.kind === 'deployment') window.location.assign(c.path);
    else logout.mutate();
  };

  return (
    <>
      <TextInput
        data-autofocus
        role="combobox"
        aria-expanded
        aria-controls="command-palette-list"
        aria-activedescendant={shown[active] ? `command-${shown[active].id}` : undefined}
        aria-label={t('palette.search')}
        placeholder={t('palette.search')}
        leftSection={<IconSearch size="1rem" aria-hidden />}
        rightSection={<Kbd size="xs">Esc</Kbd>}
        value={query}
        onChange={(e) => {
          setQuery(e.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') setActive((i) => Math.min(i + 1, shown.length - 1));
          else if (e.key === 'ArrowUp') setActive((i) => Math.max(i - 1, 0));
          else if (e.key === 'Enter') run(shown[active]);
          else return;
          e.preventDefault();
        }}
      />
      <ScrollArea.Autosize mah="24rem" mt="sm">
        <Stack gap={2} id="command-palette-list" role="listbox" aria-label={t('palette.title')}>
          {shown.length === 0 && (
            <Text size="sm" c={tokens.color['text-muted']} p="xs">
              {t('palette.none')}
            </Text>
          )}
          {shown.map((c, i) => (
            <UnstyledButton
              key={c.id}
              id={`command-${c.id}`}
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              onMouseEnter={() => setActive(i)}
              onClick={() => run(c)}
              p="xs"
              style={{
                borderRadius: 'var(--mantine-radius-sm)',
                background: i === active ? 'var(--mantine-primary-color-light)' : undefined,
              }}
            >
              {labelOf(c)}
            </UnstyledButton>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </>
  );
}
