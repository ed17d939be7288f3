import { ActionIcon, Badge, Button, Modal, Stack, TextInput } from '@mantine/core';
import { ConfigTargetName, type Configuration } from '@stowage/contract';
import { IconPencil } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CanDo } from '../../components/Can.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { PageHeader } from '../../components/PageHeader.js';
import { QueryState } from '../../components/QueryState.js';
import { SearchBox } from '../../components/SearchBox.js';
import { stringProblem, stringRules } from '../../forms/schemaRules.js';
import { tokens } from '../../theme/tokens.js';
import { ConfigurationFields, ConfigurationForm } from './ConfigurationForm.js';
import { configurationById } from './configFields.js';
import { useConfigTargetsQuery } from './queries.js';

type WebhookSubSys = 'logger_webhook' | 'audit_webhook';

/** The server's target names, by the contract's rules. */
const nameIsValid = (name: string) => stringProblem(stringRules(ConfigTargetName), name, true) === undefined;

interface WebhookTarget {
  /** `logger_webhook` (the default target) or `logger_webhook:ops`. */
  id: string;
  name: string;
  endpoint: string;
  enabled: boolean;
}

function toTarget(config: Configuration): WebhookTarget {
  const value = (key: string) => config.key_values.find((kv) => kv.key === key)?.value ?? '';
  const [, name = ''] = config.name.split(':', 2);
  return { id: config.name, name, endpoint: value('endpoint'), enabled: value('enable') !== 'off' };
}

/** A target is configured once it has an endpoint; the server always reports an empty default. */
const isConfigured = (target: WebhookTarget) => target.endpoint !== '';

/**
 * Spec 002 §2.2 (/webhook/logger, /webhook/audit): the configured targets with a filter box, and
 * Add Webhook Configuration opening the form. A row's edit opens the same form for that target.
 */
export function WebhookConfigurationPage({ subSys }: { subSys: WebhookSubSys }) {
  const { t } = useTranslation();
  const targets = useConfigTargetsQuery(subSys);
  const [filter, setFilter] = useState('');
  const [form, setForm] = useState<{ editing: string | undefined } | undefined>();

  const columns = useMemo<Column<WebhookTarget>[]>(
    () => [
      { header: t('configs.webhook.name'), cell: (w) => w.name || t('configs.webhook.defaultTarget') },
      { header: t('configs.webhook.endpoint'), cell: (w) => w.endpoint },
      {
        header: t('configs.webhook.status'),
        cell: (w) => (
          <Badge variant="outline" color={w.enabled ? tokens.color.success : tokens.color['text-muted']}>
            {w.enabled ? t('configs.webhook.enabled') : t('configs.webhook.disabled')}
          </Badge>
        ),
      },
    ],
    [t],
  );

  return (
    <>
      <PageHeader
        title={t(`configs.webhook.titles.${subSys}`)}
        actions={
          <>
            <SearchBox label={t('configs.webhook.filter')} value={filter} onChange={setFilter} />
            <CanDo action="admin:ConfigUpdate">
              <Button onClick={() => setForm({ editing: undefined })}>{t('configs.webhook.add')}</Button>
            </CanDo>
            <Button variant="default" component={Link} to="/settings/configurations">
              {t('configs.back')}
            </Button>
          </>
        }
      />
      <QueryState query={targets}>
        {(data) => {
          const configured = data.items.map(toTarget).filter(isConfigured);
          const needle = filter.trim().toLowerCase();
          const shown = configured.filter((w) => `${w.name} ${w.endpoint}`.toLowerCase().includes(needle));
          return (
            <DataTable
              label={t(`configs.webhook.titles.${subSys}`)}
              rows={shown}
              rowKey={(w) => w.id}
              columns={columns}
              empty={configured.length === 0 ? t('configs.webhook.empty') : t('configs.webhook.noMatch')}
              actionsHeader={t('common.actions')}
              actions={(w) => (
                <CanDo action="admin:ConfigUpdate">
                  <ActionIcon
                    variant="subtle"
                    onClick={() => setForm({ editing: w.id })}
                    aria-label={t('configs.webhook.edit', {
                      name: w.name || t('configs.webhook.defaultTarget'),
                    })}
                  >
                    <IconPencil size="1.1rem" aria-hidden />
                  </ActionIcon>
                </CanDo>
              )}
            />
          );
        }}
      </QueryState>
      <WebhookFormDialog subSys={subSys} form={form} onClose={() => setForm(undefined)} />
    </>
  );
}

function WebhookFormDialog({
  subSys,
  form,
  onClose,
}: {
  subSys: WebhookSubSys;
  form: { editing: string | undefined } | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const entry = configurationById(subSys);
  if (!entry) return null;
  const editing = form?.editing;
  return (
    <Modal
      opened={form !== undefined}
      onClose={onClose}
      title={editing ? t('configs.webhook.editTitle') : t('configs.webhook.add')}
      size="lg"
    >
      {editing ? (
        <ConfigurationForm entry={entry} configId={editing} onSaved={onClose} />
      ) : (
        <NewWebhookForm subSys={subSys} onSaved={onClose} />
      )}
    </Modal>
  );
}

/** A new target: its name, then the sub-system's fields, saved as `subsys:name`. */
function NewWebhookForm({ subSys, onSaved }: { subSys: WebhookSubSys; onSaved: () => void }) {
  const { t } = useTranslation();
  const entry = configurationById(subSys);
  const [name, setName] = useState('');
  if (!entry) return null;
  const nameError = name !== '' && !nameIsValid(name) ? t('configs.webhook.nameInvalid') : undefined;
  return (
    <Stack>
      <TextInput
        label={t('configs.webhook.name')}
        description={t('configs.webhook.nameHint')}
        required
        value={name}
        error={nameError}
        onChange={(e) => setName(e.currentTarget.value.trim())}
        data-autofocus
      />
      <ConfigurationFields
        entry={entry}
        configId={`${subSys}:${name}`}
        stored={[]}
        onSaved={onSaved}
        blocked={!nameIsValid(name)}
      />
    </Stack>
  );
}

export const LoggerWebhookPage = () => <WebhookConfigurationPage subSys="logger_webhook" />;
export const AuditWebhookPage = () => <WebhookConfigurationPage subSys="audit_webhook" />;
