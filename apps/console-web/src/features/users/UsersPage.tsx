import { Badge, Button, Group } from '@mantine/core';
import type { User } from '@stowage/contract';
import { IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateRequest } from '../../app/useCreateRequest.js';
import { CanDo } from '../../components/Can.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { PageHeader } from '../../components/PageHeader.js';
import { QueryState } from '../../components/QueryState.js';
import { RowAction } from '../../components/RowAction.js';
import { SearchBox } from '../../components/SearchBox.js';
import { ViewLink } from '../../components/ViewLink.js';
import { tokens } from '../../theme/tokens.js';
import { useSession } from '../session/SessionProvider.js';
import { AddToGroupDialog } from './AddToGroupDialog.js';
import { CreateUserDialog } from './CreateUserDialog.js';
import { useRemoveUser, useUsersQuery } from './queries.js';

/** Spec 000 §2 "Users": search by access key, selection, Add to Group, Create User. */
export function UsersPage() {
  const { t } = useTranslation();
  const session = useSession();
  const ownKey = session.status === 'authenticated' ? session.session.accessKey : undefined;
  const users = useUsersQuery();
  const removeUser = useRemoveUser();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [creating, setCreating] = useCreateRequest();
  const [addingToGroup, setAddingToGroup] = useState(false);
  const [deleting, setDeleting] = useState<string | undefined>();

  const columns = useMemo<Column<User>[]>(
    () => [
      { header: t('users.accessKey'), cell: (u) => u.accessKey },
      {
        header: t('users.status'),
        cell: (u) => (
          <Badge
            variant="outline"
            color={u.status === 'enabled' ? tokens.color.success : tokens.color['text-muted']}
          >
            {t(`users.statuses.${u.status}`)}
          </Badge>
        ),
      },
      { header: t('users.groups'), cell: (u) => u.memberOf.join(', ') },
      { header: t('users.policies'), cell: (u) => u.policy.join(', ') },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t('pages.users')}
        actions={
          <>
            <SearchBox label={t('users.search')} value={search} onChange={setSearch} />
            <CanDo action="admin:AddUserToGroup">
              <Button variant="default" disabled={selected.size === 0} onClick={() => setAddingToGroup(true)}>
                {t('users.addToGroup')}
              </Button>
            </CanDo>
            <CanDo action="admin:CreateUser">
              <Button onClick={() => setCreating(true)}>{t('users.create')}</Button>
            </CanDo>
          </>
        }
      />
      <QueryState query={users}>
        {(data) => {
          const needle = search.trim().toLowerCase();
          const shown = data.users.filter((u) => u.accessKey.toLowerCase().includes(needle));
          return (
            <DataTable
              label={t('pages.users')}
              rows={shown}
              rowKey={(u) => u.accessKey}
              columns={columns}
              empty={data.users.length === 0 ? t('users.empty') : t('users.noMatch')}
              actionsHeader={t('common.actions')}
              selection={{
                selected,
                onChange: setSelected,
                rowLabel: (u) => t('users.select', { user: u.accessKey }),
                allLabel: t('users.selectAll'),
              }}
              actions={(u) => (
                <Group gap={4} wrap="nowrap">
                  <ViewLink
                    to={`/users/${encodeURIComponent(u.accessKey)}`}
                    label={t('users.view', { user: u.accessKey })}
                  />
                  <RowAction
                    action="admin:DeleteUser"
                    label={t('users.delete', { user: u.accessKey })}
                    icon={IconTrash}
                    danger
                    disabled={u.accessKey === ownKey}
                    onClick={() => setDeleting(u.accessKey)}
                  />
                </Group>
              )}
            />
          );
        }}
      </QueryState>
      <CreateUserDialog opened={creating} onClose={() => setCreating(false)} />
      <AddToGroupDialog
        users={[...selected]}
        opened={addingToGroup}
        onClose={() => setAddingToGroup(false)}
        onDone={() => setSelected(new Set())}
      />
      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('users.deleteTitle')}
        message={t('users.deleteMessage', { user: deleting ?? '' })}
        confirmLabel={t('common.delete')}
        danger
        pending={removeUser.isPending}
        error={removeUser.error}
        onConfirm={() =>
          deleting &&
          removeUser.mutate(deleting, {
            onSuccess: () => {
              setSelected((s) => {
                const next = new Set(s);
                next.delete(deleting);
                return next;
              });
              setDeleting(undefined);
            },
          })
        }
        onClose={() => {
          removeUser.reset();
          setDeleting(undefined);
        }}
      />
    </>
  );
}
