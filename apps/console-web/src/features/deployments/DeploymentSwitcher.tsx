import { ActionIcon, Badge, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCheck, IconSelector, IconServer2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../theme/tokens.js';
import { useDeploymentsQuery } from './queries.js';

/**
 * The sidebar's deployment: which one this screen belongs to, and a menu of all of them with
 * whether this browser is logged into each. Each entry is a plain link: another deployment is
 * another app under its own path, opened at its login page when it has no session there; the
 * sessions of the others stay as they are. Nothing shows for a console with one deployment.
 */
export function DeploymentSwitcher({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const { data = [], refetch } = useDeploymentsQuery();
  const current = data.find((d) => d.current);
  if (data.length < 2 || !current) return null;
  const label = t('deployments.current', { name: current.name });
  return (
    <Group justify={open ? 'flex-start' : 'center'} mb="md">
      {/* Mantine's focus placeholder is a tabbable non-item inside role=menu (axe: required children). */}
      <Menu
        position="bottom-start"
        width={260}
        withInitialFocusPlaceholder={false}
        onOpen={() => void refetch()}
      >
        <Menu.Target>
          {open ? (
            <UnstyledButton aria-label={`${label}. ${t('deployments.switcher')}`} w="100%" py={4}>
              <Group gap="xs" wrap="nowrap">
                <IconServer2 size="1rem" aria-hidden />
                <Text size="sm" fw={600} truncate="end" style={{ flex: 1 }}>
                  {current.name}
                </Text>
                <IconSelector size="1rem" aria-hidden />
              </Group>
            </UnstyledButton>
          ) : (
            <Tooltip label={label} position="right" withArrow>
              <ActionIcon variant="subtle" aria-label={`${label}. ${t('deployments.switcher')}`}>
                <IconServer2 aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Menu.Target>
        <Menu.Dropdown aria-label={t('deployments.list')}>
          {data.map((d) => (
            <Menu.Item
              key={d.id}
              component="a"
              href={d.path}
              aria-current={d.current ? 'page' : undefined}
              leftSection={
                d.current ? <IconCheck size="1rem" aria-hidden /> : <span style={{ width: '1rem' }} />
              }
              rightSection={
                <Badge
                  size="xs"
                  variant="outline"
                  color={d.loggedIn ? tokens.color.success : tokens.color['text-muted']}
                >
                  {d.loggedIn ? t('deployments.loggedIn') : t('deployments.loggedOut')}
                </Badge>
              }
            >
              <Text size="sm" c={tokens.color.text} truncate="end">
                {d.name}
              </Text>
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The login card names the deployment being logged into, when there are several. */
export function DeploymentName() {
  const { t } = useTranslation();
  const { data = [] } = useDeploymentsQuery();
  const current = data.find((d) => d.current);
  if (data.length < 2 || !current) return null;
  return (
    <Text size="sm" c={tokens.color['text-muted']}>
      {t('deployments.current', { name: current.name })}
    </Text>
  );
}
