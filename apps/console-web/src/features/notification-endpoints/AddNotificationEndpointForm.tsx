import { PasswordInput, Select, Switch, TextInput } from '@mantine/core';
import type { NotificationService } from '@stowage/contract';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsForm } from '../../components/SettingsForm.js';
import {
  accountIdProblem,
  canSaveEndpoint,
  type EndpointProblem,
  endpointBody,
  fieldProblem,
} from './endpointRules.js';
import { CONFIG_UPDATE, useAddNotificationEndpoint } from './queries.js';
import { CONNECTION_KEY, initialValues, type ServiceField, serviceFields } from './serviceFields.js';

function problemText(t: TFunction, problem: EndpointProblem | undefined): string | undefined {
  if (!problem) return undefined;
  switch (problem.kind) {
    case 'tooLong':
      return t('notifications.problems.tooLong', { max: String(problem.max) });
    case 'notNumber':
      return t('notifications.problems.notNumber', { field: problem.field });
    default:
      return t(`notifications.problems.${problem.kind}`);
  }
}

interface FieldInputProps {
  field: ServiceField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  onBlur: () => void;
}

/** One setting, drawn by its kind: text, secret, number, on/off switch or a choice. */
function FieldInput({ field, value, error, onChange, onBlur }: FieldInputProps) {
  const { t } = useTranslation();
  const label = t(`notifications.fields.${field.key}`);
  switch (field.kind) {
    case 'switch':
      return (
        <Switch
          label={label}
          checked={value === 'on'}
          onChange={(e) => onChange(e.currentTarget.checked ? 'on' : 'off')}
        />
      );
    case 'select':
      return (
        <Select
          label={label}
          data={field.options ?? []}
          value={value}
          onChange={(v) => onChange(v ?? field.initial ?? '')}
          allowDeselect={false}
          required={field.required}
        />
      );
    default: {
      const Input = field.kind === 'secret' ? PasswordInput : TextInput;
      return (
        <Input
          label={label}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          onBlur={onBlur}
          error={error}
          required={field.required}
          inputMode={field.kind === 'number' ? 'numeric' : undefined}
          autoComplete={field.kind === 'secret' ? 'new-password' : 'off'}
        />
      );
    }
  }
}

/** Spec 002 §2.1/§3, slide 2: the chosen service's settings and its identifier. */
export function AddNotificationEndpointForm({
  service,
  onSaved,
}: {
  service: NotificationService;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const add = useAddNotificationEndpoint();
  const [accountId, setAccountId] = useState('');
  const [manual, setManual] = useState(false);
  const [values, setValues] = useState<Record<string, string>>(() => initialValues(service));
  // A field's message waits until it has been left once (or filled), so a fresh form is not red.
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const touch = (key: string) => setTouched((s) => new Set(s).add(key));
  const shown = (key: string, value: string) => touched.has(key) || value !== '';

  const form = { accountId, manual, values };
  const canSave = canSaveEndpoint(service, form);
  const serviceName = t(`notifications.services.${service}`);

  return (
    <SettingsForm
      backLinks={[
        { to: '/settings/notifications', label: t('notifications.backToList') },
        { to: '/settings/notifications/add', label: t('notifications.backToServices') },
      ]}
      title={t('notifications.addTitle', { service: serviceName })}
      canSave={canSave}
      saving={add.isPending}
      error={add.error}
      onDismissError={() => add.reset()}
      onSave={() => add.mutate(endpointBody(service, form), { onSuccess: onSaved })}
      save={{ label: t('notifications.save'), action: CONFIG_UPDATE }}
    >
      <TextInput
        label={t('notifications.fields.account_id')}
        value={accountId}
        onChange={(e) => setAccountId(e.currentTarget.value)}
        onBlur={() => touch('account_id')}
        error={shown('account_id', accountId) ? problemText(t, accountIdProblem(accountId)) : undefined}
        required
        autoComplete="off"
      />
      {CONNECTION_KEY[service] && (
        <Switch
          label={t('notifications.manualMode')}
          checked={manual}
          onChange={(e) => setManual(e.currentTarget.checked)}
        />
      )}
      {serviceFields(service, manual).map((field) => {
        const value = values[field.key] ?? '';
        return (
          <FieldInput
            key={field.key}
            field={field}
            value={value}
            error={shown(field.key, value) ? problemText(t, fieldProblem(field, value)) : undefined}
            onChange={(next) => setValues((v) => ({ ...v, [field.key]: next }))}
            onBlur={() => touch(field.key)}
          />
        );
      })}
    </SettingsForm>
  );
}
