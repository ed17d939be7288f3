import { TextInput } from '@mantine/core';
import { AddPolicyRequest } from '@stowage/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, mutationState } from '../../components/FormDialog.js';
import { problemText } from '../../forms/problemText.js';
import { fieldProblem } from '../../forms/schemaRules.js';
import { PolicyEditor } from './PolicyEditor.js';
import { policyProblem } from './policyDocument.js';
import { useAddPolicy } from './queries.js';

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

/** Create Policy: a name the contract accepts and a document that parses, checked before Save sends it. */
export function PolicyDialog({ opened, onClose, onCreated }: PolicyDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [policy, setPolicy] = useState(NEW_POLICY);
  const [tried, setTried] = useState(false);
  const add = useAddPolicy();
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
        if (policyProblem(policy)) return;
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
    >
      <TextInput
        label={t('policies.name')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={problemText(t, nameProblem)}
        required
        data-autofocus
      />
      <PolicyEditor label={t('policies.document')} value={policy} onChange={setPolicy} showProblem={tried} />
    </FormDialog>
  );
}
