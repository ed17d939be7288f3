import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checklist } from '../../components/Checklist.js';
import { FormDialog } from '../../components/FormDialog.js';
import { useGroupsQuery } from '../groups/queries.js';
import { useAddUsersToGroups } from './queries.js';

interface AddToGroupDialogProps {
  users: readonly string[];
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** Add Users to Group: every selected user joins every group picked. */
export function AddToGroupDialog({ users, opened, onClose, onDone }: AddToGroupDialogProps) {
  const { t } = useTranslation();
  const [groups, setGroups] = useState<string[]>([]);
  const [missingGroup, setMissingGroup] = useState(false);
  const groupList = useGroupsQuery();
  const assign = useAddUsersToGroups();

  const close = () => {
    setGroups([]);
    setMissingGroup(false);
    assign.reset();
    onClose();
  };

  return (
    <FormDialog
      opened={opened}
      title={t('users.addToGroupTitle')}
      onClose={close}
      onSubmit={() => {
        if (groups.length === 0) {
          setMissingGroup(true);
          return;
        }
        assign.mutate(
          { users: [...users], groups },
          {
            onSuccess: () => {
              close();
              onDone();
            },
          },
        );
      }}
      error={missingGroup ? { message: t('users.selectOneGroup') } : assign.error}
      onErrorClose={() => {
        setMissingGroup(false);
        assign.reset();
      }}
      pending={assign.isPending}
    >
      <Text size="sm">{t('users.selectedUsers', { users: users.join(', ') })}</Text>
      <Checklist
        label={t('users.groups')}
        options={groupList.data?.groups ?? []}
        value={groups}
        onChange={(next) => {
          setGroups(next);
          if (next.length > 0) setMissingGroup(false);
        }}
        empty={t('users.noGroups')}
      />
    </FormDialog>
  );
}
