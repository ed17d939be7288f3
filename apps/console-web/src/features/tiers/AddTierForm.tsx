import { Button, FileInput, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../components/BackLink.js';
import { CanDo } from '../../components/Can.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
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
    <Stack>
      <Group gap="lg">
        <BackLink to="/settings/tiers" label={t('tiers.backToTiers')} />
        <BackLink to="/settings/tiers/add" label={t('tiers.backToTypes')} />
      </Group>
      <div>
        <Title order={2} size="h3">
          {t('tiers.addConfiguration')}
        </Title>
        <Text c="dimmed">{t(`tiers.providers.${choice}`)}</Text>
      </div>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (canSave && !add.isPending) add.mutate(addTierBody(choice, values), { onSuccess: onSaved });
        }}
        style={{ maxWidth: '40rem' }}
      >
        <Stack>
          <ErrorBanner error={add.error} onClose={() => add.reset()} />
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
          <Group justify="flex-end">
            <CanDo action="admin:SetTier">
              <Button type="submit" disabled={!canSave} loading={add.isPending}>
                {t('tiers.save')}
              </Button>
            </CanDo>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
