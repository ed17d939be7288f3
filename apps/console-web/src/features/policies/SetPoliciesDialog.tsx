import { Button, Group, Modal, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checklist } from '../../components/Checklist.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { usePoliciesQuery, useSetPolicies } from './queries.js';

interface SetPoliciesDialogProps {
  entity: { type: 'user' | 'group'; name: string } | undefined;
  /** The policies the entity has now (ticked when the dialog opens). */
  current: readonly string[];
  onClose: () => void;
}

/** Set Policies for a user or a group: the ticked list replaces what it had. */
export function SetPoliciesDialog({ entity, current, onClose }: SetPoliciesDialogProps) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string[]>([]);
  const policies = usePoliciesQuery();
  const setPolicies = useSetPolicies();

  useEffect(() => {
    if (entity) setPicked([...current]);
  }, [entity, current]);

  const close = () => {
    setPolicies.reset();
    onClose();
  };

  return (
    <Modal
      opened={entity !== undefined}
      onClose={close}
      title={t('policies.setTitle', { entity: entity?.name ?? '' })}
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!entity) return;
          setPolicies.mutate(
            { name: picked, entityName: entity.name, entityType: entity.type },
            { onSuccess: close },
          );
        }}
      >
        <Stack>
          <ErrorBanner error={setPolicies.error} onClose={() => setPolicies.reset()} />
          <Checklist
            label={t('users.policies')}
            options={(policies.data?.policies ?? []).map((p) => p.name)}
            value={picked}
            onChange={setPicked}
            empty={t('users.noPolicies')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={setPolicies.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
