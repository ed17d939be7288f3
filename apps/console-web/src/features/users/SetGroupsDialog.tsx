import type { User } from '@stowage/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { closeAfterReset, FormDialog, mutationState } from '../../components/FormDialog.js';
import { GroupsChecklist } from './GroupsChecklist.js';
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
      <GroupsChecklist value={groups} onChange={setGroups} />
    </FormDialog>
  );
}
