import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checklist } from '../../components/Checklist.js';
import { closeAfterReset, FormDialog, mutationState } from '../../components/FormDialog.js';
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

  const close = closeAfterReset(setPolicies, onClose);

  return (
    <FormDialog
      opened={entity !== undefined}
      title={t('policies.setTitle', { entity: entity?.name ?? '' })}
      onClose={close}
      onSubmit={() =>
        entity &&
        setPolicies.mutate(
          { name: picked, entityName: entity.name, entityType: entity.type },
          { onSuccess: close },
        )
      }
      {...mutationState(setPolicies)}
    >
      <Checklist
        label={t('users.policies')}
        options={(policies.data?.policies ?? []).map((p) => p.name)}
        value={picked}
        onChange={setPicked}
        empty={t('users.noPolicies')}
      />
    </FormDialog>
  );
}
