import type { User } from '@stowage/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checklist } from '../../components/Checklist.js';
import { closeAfterReset, FormDialog, mutationState } from '../../components/FormDialog.js';
import { useGroupsQuery } from '../groups/queries.js';
import { useUpdateUser } from './queries.js';

interface SetGroupsDialogProps {
  user: User;
  opened: boolean;
  onClose: () => void;
}

/** Set Groups: the ticked groups replace the user's memberships; its status is kept. */
export function SetGroupsDialog({ user, opened, onClose }: SetGroupsDialogProps) {
  const { t } = useTranslation();
  const [groups, setGroups] = useState<string[]>([]);
  const groupList = useGroupsQuery();
  const update = useUpdateUser(user.accessKey);

  useEffect(() => {
    if (opened) setGroups([...user.memberOf]);
  }, [opened, user.memberOf]);

  const close = closeAfterReset(update, onClose);

  return (
    <FormDialog
      opened={opened}
      title={t('users.setGroupsTitle', { user: user.accessKey })}
      onClose={close}
      onSubmit={() => update.mutate({ status: user.status, groups }, { onSuccess: close })}
      {...mutationState(update)}
    >
      <Checklist
        label={t('users.groups')}
        options={groupList.data?.groups ?? []}
        value={groups}
        onChange={setGroups}
        empty={t('users.noGroups')}
      />
    </FormDialog>
  );
}
