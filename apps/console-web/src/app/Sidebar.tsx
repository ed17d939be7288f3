import {
  ActionIcon,
  AppShell,
  Box,
  Divider,
  Group,
  NavLink,
  ScrollArea,
  Stack,
  Text,
  Tooltip,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import {
  IconKeyboard,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconMoon,
  IconSun,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { DeploymentSwitcher } from '../features/deployments/DeploymentSwitcher.js';
import { useLogoutMutation } from '../features/session/queries.js';
import { useSession } from '../features/session/SessionProvider.js';
import { tokens } from '../theme/tokens.js';
import { LanguageMenu } from './LanguageMenu.js';
import { openShortcutsHelp } from './shortcutsHelp.js';
import { isActiveEntry, type SidebarEntry, visibleSidebar } from './sidebarItems.js';

interface SidebarProps {
  open: boolean;
  onToggle: () => void;
}

/** Shows the label beside the icon when open; collapsed, the label moves to a tooltip and aria-label. */
function Entry({ open, label, children }: { open: boolean; label: string; children: ReactNode }) {
  return open ? (
    children
  ) : (
    <Tooltip label={label} position="right" withArrow>
      <Box>{children}</Box>
    </Tooltip>
  );
}

function EntryLink({ entry, open }: { entry: SidebarEntry; open: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const label = t(`nav.${entry.label}`);
  const icon = <entry.icon size="1.25rem" aria-hidden />;
  const common = {
    label: open ? label : undefined,
    'aria-label': open ? undefined : label,
    leftSection: icon,
  };
  return (
    <li>
      <Entry open={open} label={label}>
        {entry.kind === 'route' ? (
          <NavLink
            {...common}
            component={Link}
            to={entry.path}
            active={isActiveEntry(entry.path, pathname)}
          />
        ) : (
          <NavLink {...common} component="a" href={entry.href} target="_blank" rel="noopener noreferrer" />
        )}
      </Entry>
    </li>
  );
}

/** Spec 000 §2 "Sidebar": groups filtered by the session's pages, Logout last. */
export function Sidebar({ open, onToggle }: SidebarProps) {
  const { t } = useTranslation();
  const session = useSession();
  const logout = useLogoutMutation();
  const { toggleColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  const groups =
    session.status === 'authenticated' ? visibleSidebar(session.session.pages, session.session.operator) : [];
  const toggleLabel = open ? t('nav.collapse') : t('nav.expand');
  const themeLabel = scheme === 'dark' ? t('nav.lightTheme') : t('nav.darkTheme');
  const shortcutsLabel = t('shortcuts.open');
  const logoutLabel = t('nav.logout');

  return (
    <AppShell.Navbar aria-label={t('nav.label')} p="sm" bg={tokens.color['bg-sidebar']}>
      <Group justify={open ? 'space-between' : 'center'} mb="md" wrap="nowrap">
        {open && (
          <Text fw={700} size="lg" c={tokens.color.accent}>
            {t('app.name')}
          </Text>
        )}
        <ActionIcon variant="subtle" onClick={onToggle} aria-label={toggleLabel} aria-expanded={open}>
          {open ? <IconLayoutSidebarLeftCollapse aria-hidden /> : <IconLayoutSidebarLeftExpand aria-hidden />}
        </ActionIcon>
      </Group>
      <DeploymentSwitcher open={open} />
      <AppShell.Section grow component={ScrollArea}>
        <Stack gap="md">
          {groups.map((group) => {
            const name = t(`nav.groups.${group.id}`);
            return (
              // biome-ignore lint/a11y/useSemanticElements: <fieldset> is for form controls; these are groups of links.
              <div key={group.id} role="group" aria-label={name}>
                {open ? (
                  <Text size="xs" fw={700} tt="uppercase" c={tokens.color['text-muted']} mb="xs" aria-hidden>
                    {name}
                  </Text>
                ) : (
                  <Divider mb="xs" />
                )}
                <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
                  {group.entries.map((entry) => (
                    <EntryLink key={entry.label} entry={entry} open={open} />
                  ))}
                </Stack>
              </div>
            );
          })}
        </Stack>
      </AppShell.Section>
      <AppShell.Section pt="sm">
        <Stack gap={0}>
          <Entry open={open} label={shortcutsLabel}>
            <NavLink
              component="button"
              type="button"
              onClick={openShortcutsHelp}
              label={open ? shortcutsLabel : undefined}
              aria-label={open ? undefined : shortcutsLabel}
              aria-keyshortcuts="?"
              leftSection={<IconKeyboard size="1.25rem" aria-hidden />}
            />
          </Entry>
          <Entry open={open} label={themeLabel}>
            <NavLink
              component="button"
              type="button"
              onClick={toggleColorScheme}
              label={open ? themeLabel : undefined}
              aria-label={open ? undefined : themeLabel}
              leftSection={
                scheme === 'dark' ? (
                  <IconSun size="1.25rem" aria-hidden />
                ) : (
                  <IconMoon size="1.25rem" aria-hidden />
                )
              }
            />
          </Entry>
          <LanguageMenu open={open} />
          {/* Spec 000 §2: the Logout entry is last. */}
          <Entry open={open} label={logoutLabel}>
            <NavLink
              component="button"
              type="button"
              onClick={() => logout.mutate()}
              disabled={logout.isPending}
              label={open ? logoutLabel : undefined}
              aria-label={open ? undefined : logoutLabel}
              leftSection={<IconLogout size="1.25rem" aria-hidden />}
            />
          </Entry>
        </Stack>
      </AppShell.Section>
    </AppShell.Navbar>
  );
}
