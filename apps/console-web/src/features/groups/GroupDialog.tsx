import { Switch, TextInput } from '@mantine/core';
import { AddGroupRequest, type Group as GroupEntity } from '@stowage/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checklist } from '../../components/Checklist.js';
import { FormDialog } from '../../components/FormDialog.js';
import { Loading } from '../../components/Loading.js';
import { problemText } from '../../forms/problemText.js';
import { fieldProblem } from '../../forms/schemaRules.js';
import { useUsersQuery } from '../users/queries.js';
import { useAddGroup, useGroupQuery, useUpdateGroup } from './queries.js';

interface GroupDialogProps {
  /** The group to edit; undefined creates one. */
  editing: string | undefined;
  opened: boolean;
  onClose: () => void;
}

/** Create Group (a non-blank name and members) or Edit Group (members and the status switch). */
export function GroupDialog({ editing, opened, onClose }: GroupDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<string[]>([]);
  const [status, setStatus] = useState<GroupEntity['status']>('enabled');
  const users = useUsersQuery();
  const current = useGroupQuery(opened ? editing : undefined);
  const addGroup = useAddGroup();
  const updateGroup = useUpdateGroup();
  const mutation = editing === undefined ? addGroup : updateGroup;

  // Editing starts from what the server holds.
  useEffect(() => {
    if (!current.data) return;
    setMembers(current.data.members);
    setStatus(current.data.status);
  }, [current.data]);

  const close = () => {
    setName('');
    setMembers([]);
    setStatus('enabled');
    addGroup.reset();
    updateGroup.reset();
    onClose();
  };
  const loading = editing !== undefined && current.isPending;
  // A new group's name follows the contract's AddGroupRequest; nothing is flagged while it is empty.
  const nameProblem = name.trim() === '' ? undefined : fieldProblem(AddGroupRequest, 'group', name.trim());
  const canSave = !loading && (editing !== undefined || (name.trim() !== '' && nameProblem === undefined));

  return (
    <FormDialog
      opened={opened}
      title={editing === undefined ? t('groups.createTitle') : t('groups.editTitle', { group: editing })}
      onClose={close}
      onSubmit={() => {
        if (editing === undefined) addGroup.mutate({ group: name.trim(), members }, { onSuccess: close });
        else updateGroup.mutate({ name: editing, members, status }, { onSuccess: close });
      }}
      error={mutation.error ?? current.error}
      onErrorClose={() => mutation.reset()}
      canSave={canSave}
      pending={mutation.isPending}
    >
      {loading ? (
        <Loading />
      ) : (
        <>
          {editing === undefined ? (
            <TextInput
              label={t('groups.name')}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={problemText(t, nameProblem)}
              required
              data-autofocus
            />
          ) : (
            <Switch
              label={t('groups.enabled')}
              checked={status === 'enabled'}
              onChange={(e) => setStatus(e.currentTarget.checked ? 'enabled' : 'disabled')}
            />
          )}
          <Checklist
            label={t('groups.members')}
            options={(users.data?.users ?? []).map((u) => u.accessKey)}
            value={members}
            onChange={setMembers}
            empty={t('users.empty')}
          />
        </>
      )}
    </FormDialog>
  );
}
