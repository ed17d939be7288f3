import { Alert, FileInput, PasswordInput, TextInput } from '@mantine/core';
import type { TierCredentialsRequest } from '@stowage/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, mutationState } from '../../components/FormDialog.js';
import { tokens } from '../../theme/tokens.js';
import { problemText } from './problemText.js';
import { useEditTierCredentials } from './queries.js';
import { type CredentialField, credentialFields, credentialProblem, type TierRow } from './tierRules.js';
import { useKeyFile } from './useKeyFile.js';

interface UpdateCredentialsDialogProps {
  /** The tier whose credentials change; undefined keeps the dialog closed. */
  tier: TierRow | undefined;
  onClose: () => void;
}

/** Azure's pair is an account name and key, sent as access_key and secret_key (spec 002 §3). */
const labelKey = (type: TierRow['type'], field: CredentialField) =>
  type === 'azure' && field !== 'creds'
    ? (`tiers.credentials.${field === 'access_key' ? 'account_name' : 'account_key'}` as const)
    : (`tiers.credentials.${field}` as const);

/** Spec 002 §2.1 "Update Credentials": a new key pair, or a new key file for GCS. */
export function UpdateCredentialsDialog({ tier, onClose }: UpdateCredentialsDialogProps) {
  const { t } = useTranslation();
  const edit = useEditTierCredentials();
  const [values, setValues] = useState<Partial<Record<CredentialField, string>>>({});
  const keyFile = useKeyFile((text) => setValues((v) => ({ ...v, creds: text })));

  const close = () => {
    setValues({});
    keyFile.clear();
    edit.reset();
    onClose();
  };
  const fields = tier ? credentialFields(tier.type) : [];
  const canSave =
    tier !== undefined && tier.name !== '' && fields.every((f) => !credentialProblem(f, values[f] ?? ''));

  const submit = () => {
    if (!tier) return;
    const body: TierCredentialsRequest = {};
    for (const f of fields) body[f] = values[f] ?? '';
    edit.mutate({ type: tier.type, name: tier.name, body }, { onSuccess: close });
  };

  return (
    <FormDialog
      opened={tier !== undefined}
      title={t('tiers.updateCredentials')}
      onClose={close}
      onSubmit={submit}
      {...mutationState(edit)}
      canSave={canSave}
    >
      {tier?.name === '' && (
        <Alert color={tokens.intent.danger} variant="light">
          {t('tiers.noTierName')}
        </Alert>
      )}
      {tier &&
        fields.map((f) => {
          const label = t(labelKey(tier.type, f));
          const problem = values[f] ? credentialProblem(f, values[f]) : undefined;
          const error = problemText(t, problem);
          if (f === 'creds')
            return (
              <FileInput
                key={f}
                label={label}
                description={t('tiers.credsHint')}
                placeholder={t('tiers.credsPlaceholder')}
                accept=".json,application/json"
                value={keyFile.file}
                onChange={keyFile.choose}
                error={keyFile.unreadable ? t('tiers.credsUnreadable') : error}
                required
                clearable
              />
            );
          const Input = f === 'secret_key' ? PasswordInput : TextInput;
          return (
            <Input
              key={f}
              label={label}
              value={values[f] ?? ''}
              onChange={(e) => {
                const value = e.currentTarget.value;
                setValues((v) => ({ ...v, [f]: value }));
              }}
              error={error}
              autoComplete={f === 'secret_key' ? 'new-password' : 'off'}
              required
            />
          );
        })}
    </FormDialog>
  );
}
