import { Switch, TextInput } from '@mantine/core';
import type { User } from '@stowage/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAfterReset, FormDialog, mutationState } from '../../components/FormDialog.js';
import { GroupsChecklist } from './GroupsChecklist.js';
import { useUpdateUser } from './queries.js';

interface EditUserDialogProps {
  user: User;
  opened: boolean;
  onClose: () => void;
}

/** Spec 000 "Edit User": the status switch and the groups, saved in one update. */
export function EditUserDialog({ user, opened, onClose }: EditUserDialogProps) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<User['status']>(user.status);
  const [groups, setGroups] = useState<string[]>([]);
  const update = useUpdateUser(user.accessKey);

  // Each opening starts from the user as it is now.
  useEffect(() => {
    if (!opened) return;
    setStatus(user.status);
    setGroups([...user.memberOf]);
  }, [opened, user.status, user.memberOf]);

  const close = closeAfterReset(update, onClose);

  return (
    <FormDialog
      opened={opened}
      title={t('users.editTitle')}
      onClose={close}
      onSubmit={() => update.mutate({ status, groups }, { onSuccess: close })}
      {...mutationState(update)}
    >
      <TextInput label={t('users.accessKey')} value={user.accessKey} readOnly />
      <Switch
        label={t('users.status')}
        description={t(`users.statuses.${status}`)}
        checked={status === 'enabled'}
        onChange={(e) => setStatus(e.currentTarget.checked ? 'enabled' : 'disabled')}
      />
      <GroupsChecklist value={groups} onChange={setGroups} />
    </FormDialog>
  );
}
