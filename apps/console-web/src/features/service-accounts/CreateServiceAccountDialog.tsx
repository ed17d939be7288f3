import { Switch, Text, Textarea, TextInput } from '@mantine/core';
import type { ServiceAccountCredentials } from '@stowage/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/FormDialog.js';
import { type AccountOwner, useCreateServiceAccount } from './queries.js';
import { KEY_RULES, type ServiceAccountProblem, serviceAccountProblem } from './serviceAccountRules.js';

interface CreateServiceAccountDialogProps {
  owner: AccountOwner;
  opened: boolean;
  onClose: () => void;
  /** The keys, shown once by the New Service Account Created dialog. */
  onCreated: (credentials: ServiceAccountCredentials) => void;
}

/** Create Service Account: an optional policy (fixed once saved) and optional chosen keys. */
export function CreateServiceAccountDialog({
  owner,
  opened,
  onClose,
  onCreated,
}: CreateServiceAccountDialogProps) {
  const { t } = useTranslation();
  const [policy, setPolicy] = useState('');
  const [customKeys, setCustomKeys] = useState(false);
  const [accessKey, setAccessKey] = useState('');
  const [secretKey, setSecretKey] = useState('');
  const [tried, setTried] = useState(false);
  const create = useCreateServiceAccount(owner);

  const draft = { policy, keys: customKeys ? { accessKey, secretKey } : undefined };
  const problem = serviceAccountProblem(draft);
  const problemMessage = (p: ServiceAccountProblem) => {
    const rules = p === 'policyJson' ? {} : KEY_RULES[p];
    return t(`serviceAccounts.problems.${p}`, { min: String(rules.minLength), max: String(rules.maxLength) });
  };

  const close = () => {
    setPolicy('');
    setCustomKeys(false);
    setAccessKey('');
    setSecretKey('');
    setTried(false);
    create.reset();
    onClose();
  };

  return (
    <FormDialog
      opened={opened}
      title={t('serviceAccounts.createTitle')}
      onClose={close}
      onSubmit={() => {
        setTried(true);
        if (problem) return;
        create.mutate(draft, {
          onSuccess: (credentials) => {
            close();
            onCreated(credentials);
          },
        });
      }}
      error={tried && problem ? { message: problemMessage(problem) } : create.error}
      onErrorClose={() => {
        setTried(false);
        create.reset();
      }}
      pending={create.isPending}
    >
      <Switch
        label={t('serviceAccounts.customKeys')}
        checked={customKeys}
        onChange={(event) => setCustomKeys(event.currentTarget.checked)}
      />
      {customKeys && (
        <>
          <TextInput
            label={t('serviceAccounts.accessKey')}
            value={accessKey}
            onChange={(event) => setAccessKey(event.currentTarget.value)}
            autoComplete="off"
          />
          <TextInput
            label={t('serviceAccounts.secretKey')}
            type="password"
            value={secretKey}
            onChange={(event) => setSecretKey(event.currentTarget.value)}
            autoComplete="new-password"
          />
        </>
      )}
      <Textarea
        label={t('serviceAccounts.policy')}
        description={t('serviceAccounts.policyHelp')}
        value={policy}
        onChange={(event) => setPolicy(event.currentTarget.value)}
        rows={8}
        ff="monospace"
      />
      <Text size="xs" c="dimmed">
        {t('serviceAccounts.policyFixed')}
      </Text>
    </FormDialog>
  );
}
