import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checklist } from '../../components/Checklist.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
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
    <Modal opened={opened} onClose={close} title={t('users.addToGroupTitle')} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
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
      >
        <Stack>
          <ErrorBanner
            error={missingGroup ? { message: t('users.selectOneGroup') } : assign.error}
            onClose={() => {
              setMissingGroup(false);
              assign.reset();
            }}
          />
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
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={assign.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
