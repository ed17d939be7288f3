import { Button, Group, PasswordInput, Stack, Switch, TextInput } from '@mantine/core';
import type { ConfigKeyValue } from '@stowage/contract';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CanDo } from '../../components/Can.js';
import { CsvInput } from '../../components/CsvInput.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { QueryState } from '../../components/QueryState.js';
import {
  type ConfigField,
  type ConfigurationEntry,
  initialValues,
  missingRequired,
  toKeyValues,
} from './configFields.js';
import { useConfigQuery, useSetConfig } from './queries.js';

interface ConfigurationFormProps {
  entry: ConfigurationEntry;
  /** One target of a multi-target sub-system (`logger_webhook:ops`); the entry's id otherwise. */
  configId?: string;
  /** After a successful save (spec 000 §2: back to the list, which reloads). */
  onSaved: () => void;
}

/** Edit configuration: the id's field set, loaded from the server, saved with Save. */
export function ConfigurationForm({ entry, configId = entry.id, onSaved }: ConfigurationFormProps) {
  const config = useConfigQuery(configId);
  return (
    <QueryState query={config}>
      {(data) => (
        <ConfigurationFields
          key={configId}
          entry={entry}
          configId={configId}
          stored={data.key_values}
          onSaved={onSaved}
        />
      )}
    </QueryState>
  );
}

interface ConfigurationFieldsProps {
  entry: ConfigurationEntry;
  configId: string;
  /** What the server holds; empty for a target not created yet. */
  stored: readonly ConfigKeyValue[];
  onSaved: () => void;
  /** A reason the form cannot be saved yet besides its own fields (e.g. a target name). */
  blocked?: boolean;
}

/** The entry's fields with the stored values, saved to `configId`. */
export function ConfigurationFields({
  entry,
  configId,
  stored,
  onSaved,
  blocked = false,
}: ConfigurationFieldsProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState(() => initialValues(entry, stored));
  const save = useSetConfig(configId);
  const byKey = useMemo(() => new Map(stored.map((kv) => [kv.key, kv])), [stored]);
  const storedSecrets = useMemo(
    () => new Set(stored.filter((kv) => kv.redacted).map((kv) => kv.key)),
    [stored],
  );
  const missing = missingRequired(entry, values, storedSecrets);
  const set = (key: string) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  const field = (f: ConfigField) => {
    const label = t(`configs.fields.${f.key}`, { defaultValue: f.key });
    const kv = byKey.get(f.key);
    const common = {
      label,
      required: f.required ?? false,
      disabled: kv?.fromEnv ?? false,
      description: kv?.fromEnv ? t('configs.fromEnv') : undefined,
    };
    switch (f.type) {
      case 'csv':
        return <CsvInput {...common} value={values[f.key] ?? ''} onChange={set(f.key)} />;
      case 'toggle':
        return (
          <Switch
            label={label}
            disabled={common.disabled}
            checked={values[f.key] === 'on'}
            onChange={(e) => set(f.key)(e.currentTarget.checked ? 'on' : 'off')}
          />
        );
      case 'secret':
        return (
          <PasswordInput
            {...common}
            placeholder={kv?.redacted ? t('configs.secretKept') : undefined}
            value={values[f.key] ?? ''}
            onChange={(e) => set(f.key)(e.currentTarget.value)}
            autoComplete="off"
          />
        );
      default:
        return (
          <TextInput
            {...common}
            inputMode={f.type === 'number' ? 'numeric' : undefined}
            value={values[f.key] ?? ''}
            onChange={(e) => set(f.key)(e.currentTarget.value)}
          />
        );
    }
  };

  return (
    // noValidate: a stored secret satisfies "required" though its input stays blank.
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (missing || blocked) return;
        save.mutate({ key_values: toKeyValues(entry, values) }, { onSuccess: onSaved });
      }}
    >
      <Stack maw="40rem">
        <ErrorBanner error={save.error} onClose={() => save.reset()} />
        {entry.fields.map((f) => (
          <div key={f.key}>{field(f)}</div>
        ))}
        <Group justify="flex-end">
          <CanDo action="admin:ConfigUpdate">
            <Button type="submit" disabled={missing !== undefined || blocked} loading={save.isPending}>
              {t('common.save')}
            </Button>
          </CanDo>
        </Group>
      </Stack>
    </form>
  );
}
