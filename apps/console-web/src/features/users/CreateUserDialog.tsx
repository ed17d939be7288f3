import { PasswordInput, TextInput } from '@mantine/core';
import { AddUserRequest } from '@stowage/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Checklist } from '../../components/Checklist.js';
import { FormDialog, mutationState } from '../../components/FormDialog.js';
import { problemText } from '../../forms/problemText.js';
import { fieldProblem } from '../../forms/schemaRules.js';
import { usePoliciesQuery } from '../policies/queries.js';
import { GroupsChecklist } from './GroupsChecklist.js';
import { useAddUser } from './queries.js';
import { PASSWORD_RULES, passwordProblem, passwordProblemText } from './userRules.js';

interface CreateUserDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** Create User: access key, secret key, and optionally groups and policies (spec 000 §5). */
export function CreateUserDialog({ opened, onClose }: CreateUserDialogProps) {
  const { t } = useTranslation();
  const [accessKey, setAccessKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [groups, setGroups] = useState<string[]>([]);
  const [policies, setPolicies] = useState<string[]>([]);
  const policyList = usePoliciesQuery();
  const addUser = useAddUser();

  const close = () => {
    setAccessKey('');
    setSecretKey('');
    setGroups([]);
    setPolicies([]);
    addUser.reset();
    onClose();
  };
  // The contract's AddUserRequest has the rules; nothing is flagged while a field is empty.
  const accessKeyProblem =
    accessKey.trim() === '' ? undefined : fieldProblem(AddUserRequest, 'accessKey', accessKey.trim());
  const secretProblem = passwordProblem(PASSWORD_RULES.newUser, secretKey);
  const canSave = accessKey.trim() !== '' && secretKey.trim() !== '' && !accessKeyProblem && !secretProblem;

  return (
    <FormDialog
      opened={opened}
      title={t('users.createTitle')}
      onClose={close}
      onSubmit={() =>
        addUser.mutate({ accessKey: accessKey.trim(), secretKey, groups, policies }, { onSuccess: close })
      }
      {...mutationState(addUser)}
      canSave={canSave}
    >
      <TextInput
        label={t('users.accessKey')}
        value={accessKey}
        onChange={(e) => setAccessKey(e.currentTarget.value)}
        error={problemText(t, accessKeyProblem)}
        required
        data-autofocus
      />
      <PasswordInput
        label={t('users.secretKey')}
        value={secretKey}
        onChange={(e) => setSecretKey(e.currentTarget.value)}
        error={passwordProblemText(t, secretProblem)}
        autoComplete="new-password"
        required
      />
      <GroupsChecklist value={groups} onChange={setGroups} />
      <Checklist
        label={t('users.policies')}
        options={(policyList.data?.policies ?? []).map((p) => p.name)}
        value={policies}
        onChange={setPolicies}
        empty={t('users.noPolicies')}
      />
    </FormDialog>
  );
}
