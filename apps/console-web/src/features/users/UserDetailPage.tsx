import { ActionIcon, Anchor, Badge, Breadcrumbs, Button, Group, Tabs, Title } from '@mantine/core';
import type { User } from '@stowage/contract';
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { CanDo } from '../../components/Can.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { QueryState } from '../../components/QueryState.js';
import { tokens } from '../../theme/tokens.js';
import { EffectivePermissionsTable } from '../policy-simulation/EffectivePermissionsTable.js';
import { ServiceAccountsPanel } from '../service-accounts/ServiceAccountsPanel.js';
import { useSession } from '../session/SessionProvider.js';
import { ChangeUserPasswordDialog } from './ChangeUserPasswordDialog.js';
import { EditUserDialog } from './EditUserDialog.js';
import { useRemoveUser, useUpdateUser, useUserQuery } from './queries.js';
import { UserGroupsTab, UserPoliciesTab } from './UserDetailTabs.js';

/** Spec 000 §2 "User detail": status, Enable/Disable, delete, password, and three tabs. */
export function UserDetailPage() {
  const { userName = '' } = useParams();
  const user = useUserQuery(userName);
  const { t } = useTranslation();
  return (
    <>
      <Breadcrumbs component="nav" mb="sm" aria-label={t('users.breadcrumb')}>
        <Anchor component={Link} to="/users">
          {t('pages.users')}
        </Anchor>
        <span aria-current="page">{userName}</span>
      </Breadcrumbs>
      <QueryState query={user}>{(data) => <UserDetail user={data} />}</QueryState>
    </>
  );
}

function UserDetail({ user }: { user: User }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const isSelf = session.status === 'authenticated' && session.session.accessKey === user.accessKey;
  const update = useUpdateUser(user.accessKey);
  const remove = useRemoveUser();
  const [deleting, setDeleting] = useState(false);
  const [changingPassword, setChangingPassword] = useState(false);
  const [editing, setEditing] = useState(false);
  const enabled = user.status === 'enabled';

  return (
    <>
      <Group justify="space-between" mb="lg" wrap="wrap">
        <Group gap="sm">
          <Title order={1} size="h2">
            {user.accessKey}
          </Title>
          <Badge variant="outline" color={enabled ? tokens.color.success : tokens.color['text-muted']}>
            {t(`users.statuses.${user.status}`)}
          </Badge>
        </Group>
        <Group gap="xs">
          <CanDo action="admin:DisableUser">
            <Button
              variant="default"
              loading={update.isPending}
              onClick={() =>
                // Spec 000 §4: the button applies at once, by an update keeping the groups.
                update.mutate({ status: enabled ? 'disabled' : 'enabled', groups: user.memberOf })
              }
            >
              {enabled ? t('users.disable') : t('users.enable')}
            </Button>
          </CanDo>
          <CanDo action="admin:EnableUser">
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={() => setEditing(true)}
              aria-label={t('users.edit', { user: user.accessKey })}
            >
              <IconPencil size="1.2rem" aria-hidden />
            </ActionIcon>
          </CanDo>
          <CanDo action="admin:CreateUser">
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={() => setChangingPassword(true)}
              aria-label={t('users.changePassword', { user: user.accessKey })}
            >
              <IconKey size="1.2rem" aria-hidden />
            </ActionIcon>
          </CanDo>
          <CanDo action="admin:DeleteUser">
            <ActionIcon
              variant="subtle"
              size="lg"
              color={tokens.color.danger}
              disabled={isSelf}
              onClick={() => setDeleting(true)}
              aria-label={t('users.delete', { user: user.accessKey })}
            >
              <IconTrash size="1.2rem" aria-hidden />
            </ActionIcon>
          </CanDo>
        </Group>
      </Group>
      <ErrorBanner error={update.error} onClose={() => update.reset()} />
      <Tabs defaultValue="groups" orientation="vertical" keepMounted={false}>
        <Tabs.List miw="12rem">
          <Tabs.Tab value="groups">{t('users.groups')}</Tabs.Tab>
          <Tabs.Tab value="serviceAccounts">{t('pages.serviceAccounts')}</Tabs.Tab>
          <Tabs.Tab value="policies">{t('users.policies')}</Tabs.Tab>
          <Tabs.Tab value="effective">{t('policySimulator.tabs.effective')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="groups" px="lg">
          <UserGroupsTab user={user} />
        </Tabs.Panel>
        <Tabs.Panel value="serviceAccounts" px="lg">
          <ServiceAccountsPanel
            owner={{ kind: 'user', user: user.accessKey }}
            createBlockedReason={user.hasPolicy ? undefined : t('users.needsPolicy')}
          />
        </Tabs.Panel>
        <Tabs.Panel value="policies" px="lg">
          <UserPoliciesTab user={user} />
        </Tabs.Panel>
        <Tabs.Panel value="effective" px="lg">
          <EffectivePermissionsTable subject={{ user: user.accessKey }} />
        </Tabs.Panel>
      </Tabs>
      <EditUserDialog user={user} opened={editing} onClose={() => setEditing(false)} />
      <ChangeUserPasswordDialog
        user={user.accessKey}
        opened={changingPassword}
        onClose={() => setChangingPassword(false)}
      />
      <ConfirmDialog
        opened={deleting}
        title={t('users.deleteTitle')}
        message={t('users.deleteMessage', { user: user.accessKey })}
        confirmLabel={t('common.delete')}
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(user.accessKey, { onSuccess: () => navigate('/users') })}
        onClose={() => {
          remove.reset();
          setDeleting(false);
        }}
      />
    </>
  );
}
