import { FileInput, PasswordInput, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../components/SettingsForm.js';
import { problemText } from './problemText.js';
import { useAddTier } from './queries.js';
import {
  addTierBody,
  canSaveTier,
  ENDPOINT_PRESETS,
  fieldProblem,
  isRequired,
  type TierChoice,
  type TierField,
  type TierValues,
  tierFields,
} from './tierRules.js';
import { useKeyFile } from './useKeyFile.js';

const SECRET_FIELDS: readonly TierField[] = ['secretkey', 'accountkey'];

/** Spec 002 §2.1 "Add Tier Configuration": the chosen provider's fields, endpoint preset. */
export function AddTierForm({ choice, onSaved }: { choice: TierChoice; onSaved: () => void }) {
  const { t } = useTranslation();
  const add = useAddTier();
  const [values, setValues] = useState<TierValues>({ endpoint: ENDPOINT_PRESETS[choice] });
  // A field's message waits until it has been left once, so a fresh form is not all red.
  const [touched, setTouched] = useState<ReadonlySet<TierField>>(new Set());
  const set = (field: TierField, value: string) => setValues((v) => ({ ...v, [field]: value }));
  const keyFile = useKeyFile((text) => set('creds', text));
  const touch = (field: TierField) => setTouched((s) => new Set(s).add(field));

  const error = (field: TierField) =>
    touched.has(field) || (values[field] ?? '') !== ''
      ? problemText(t, fieldProblem(choice, field, values))
      : undefined;

  const canSave = canSaveTier(choice, values);

  return (
    <SettingsForm
      backLinks={[
        { to: '/settings/tiers', label: t('tiers.backToTiers') },
        { to: '/settings/tiers/add', label: t('tiers.backToTypes') },
      ]}
      title={t('tiers.addConfiguration')}
      subtitle={t(`tiers.providers.${choice}`)}
      canSave={canSave}
      saving={add.isPending}
      error={add.error}
      onDismissError={() => add.reset()}
      onSave={() => add.mutate(addTierBody(choice, values), { onSuccess: onSaved })}
      save={{ label: t('tiers.save'), action: 'admin:SetTier' }}
    >
      {tierFields(choice).map((field) => {
        const common = {
          label: t(`tiers.fields.${field}`),
          required: isRequired(choice, field),
          error: error(field),
          onBlur: () => touch(field),
        };
        if (field === 'creds')
          return (
            <FileInput
              key={field}
              {...common}
              description={t('tiers.credsHint')}
              placeholder={t('tiers.credsPlaceholder')}
              accept=".json,application/json"
              value={keyFile.file}
              onChange={(file) => {
                touch(field);
                keyFile.choose(file);
              }}
              error={keyFile.unreadable ? t('tiers.credsUnreadable') : common.error}
              clearable
            />
          );
        const Input = SECRET_FIELDS.includes(field) ? PasswordInput : TextInput;
        return (
          <Input
            key={field}
            {...common}
            value={field === 'name' ? (values.name ?? '').toUpperCase() : (values[field] ?? '')}
            onChange={(e) => set(field, e.currentTarget.value)}
            autoComplete={SECRET_FIELDS.includes(field) ? 'new-password' : 'off'}
          />
        );
      })}
    </SettingsForm>
  );
}
