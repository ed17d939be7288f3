import { TextInput } from '@mantine/core';
import { AddPolicyRequest } from '@stowage/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, mutationState } from '../../components/FormDialog.js';
import { problemText } from '../../forms/problemText.js';
import { fieldProblem } from '../../forms/schemaRules.js';
import { useAddPolicy } from './queries.js';
import { hasErrors, lintPolicy } from './studio/lintPolicy.js';
import { PolicyStudio } from './studio/PolicyStudio.js';

/** A document to start from: nothing allowed until statements are added. */
export const NEW_POLICY = `{
  "Version": "2012-10-17",
  "Statement": []
}`;

interface PolicyDialogProps {
  opened: boolean;
  onClose: () => void;
  onCreated?: (name: string) => void;
}

/** Create Policy: a name the contract accepts and a document built in the studio; Save waits for its lint errors. */
export function PolicyDialog({ opened, onClose, onCreated }: PolicyDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [policy, setPolicy] = useState(NEW_POLICY);
  const [tried, setTried] = useState(false);
  const add = useAddPolicy();
  const problems = useMemo(() => lintPolicy(policy, { kind: 'identity' }), [policy]);
  // Nothing flagged while the name is empty; Save waits for it.
  const nameProblem = name.trim() === '' ? undefined : fieldProblem(AddPolicyRequest, 'name', name.trim());

  const close = () => {
    setName('');
    setPolicy(NEW_POLICY);
    setTried(false);
    add.reset();
    onClose();
  };

  return (
    <FormDialog
      opened={opened}
      title={t('policies.createTitle')}
      onClose={close}
      onSubmit={() => {
        setTried(true);
        if (hasErrors(problems)) return;
        const trimmed = name.trim();
        add.mutate(
          { name: trimmed, policy },
          {
            onSuccess: () => {
              close();
              onCreated?.(trimmed);
            },
          },
        );
      }}
      {...mutationState(add)}
      canSave={name.trim() !== '' && nameProblem === undefined}
      size="xl"
    >
      <TextInput
        label={t('policies.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={problemText(t, nameProblem)}
        required
        data-autofocus
      />
      <PolicyStudio
        value={policy}
        onChange={setPolicy}
        problems={problems}
        kind="identity"
        label={t('policies.document')}
        blocked={tried}
      />
    </FormDialog>
  );
}
