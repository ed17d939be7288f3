import {
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { JOB_KINDS, type JobDryRun, type JobKind } from '@stowage/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { modalMessage } from '../../components/FormDialog.js';
import { showSnackbar } from '../../components/snackbar.js';
import { tokens } from '../../theme/tokens.js';
import { formatBytes, formatNumber } from '../../utils/format.js';
import {
  confirmationText,
  emptyJobForm,
  isDestructive,
  type JobForm,
  jobRequest,
  parseTags,
} from './jobForm.js';
import { useCreateJob, useJobDryRun } from './queries.js';

const STORAGE_CLASSES = ['STANDARD', 'REDUCED_REDUNDANCY'];

interface BulkActionsDialogProps {
  bucket: string;
  prefix: string;
  /** Rows picked in the listing (keys, and folders ending in '/'); none: everything under prefix. */
  picked?: readonly string[];
  opened: boolean;
  onClose: () => void;
}

/**
 * Issue 41: a bulk job on the folder in view: pick the action and its options, see the dry run
 * (count, bytes, first keys), retype the prefix for a delete or a move, then start it.
 */
export function BulkActionsDialog({ bucket, prefix, picked = [], opened, onClose }: BulkActionsDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form, setForm] = useState<JobForm>(() => emptyJobForm(bucket, prefix));
  const [typed, setTyped] = useState('');
  const dryRun = useJobDryRun();
  const create = useCreateJob();
  const request = jobRequest(bucket, prefix, form, picked);
  const destructive = isDestructive(form.kind);
  const expected = confirmationText(bucket, prefix);
  const confirmed = !destructive || typed === expected;
  const counted: JobDryRun | undefined = dryRun.data;

  // Any change to what the job would do asks for a new dry run.
  const change = (patch: Partial<JobForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    dryRun.reset();
    create.reset();
  };
  const close = () => {
    setForm(emptyJobForm(bucket, prefix));
    setTyped('');
    dryRun.reset();
    create.reset();
    onClose();
  };
  const start = () => {
    if (!request) return;
    create.mutate(
      { ...request, ...(destructive ? { confirm: typed } : {}) },
      {
        onSuccess: () => {
          showSnackbar(t('jobs.startedMessage'));
          close();
          void navigate('/jobs');
        },
      },
    );
  };
  const where = prefix ? `${bucket}/${prefix}` : bucket;

  return (
    <Modal opened={opened} onClose={close} title={t('jobs.dialogTitle')} centered size="lg">
      <Stack>
        <ErrorBanner error={modalMessage(dryRun.error ?? create.error)} />
        <Text>
          {picked.length > 0
            ? t('jobs.scopePicked', { count: picked.length, where })
            : t('jobs.scope', { where })}
        </Text>
        <Select
          label={t('jobs.kindLabel')}
          data={JOB_KINDS.map((k) => ({ value: k, label: t(`jobs.kinds.${k}`) }))}
          value={form.kind}
          onChange={(value) => value && change({ kind: value as JobKind })}
          allowDeselect={false}
        />
        {(form.kind === 'copy' || form.kind === 'move') && (
          <Group grow>
            <TextInput
              label={t('jobs.destinationBucket')}
              value={form.destinationBucket}
              onChange={(e) => change({ destinationBucket: e.currentTarget.value })}
            />
            <TextInput
              label={t('jobs.destinationPrefix')}
              value={form.destinationPrefix}
              onChange={(e) => change({ destinationPrefix: e.currentTarget.value })}
            />
          </Group>
        )}
        {form.kind === 'set-tags' && (
          <Textarea
            label={t('jobs.tags')}
            value={form.tags}
            rows={3}
            error={parseTags(form.tags) ? undefined : t('jobs.tagsInvalid')}
            onChange={(e) => change({ tags: e.currentTarget.value })}
          />
        )}
        {form.kind === 'set-retention' && (
          <>
            <SegmentedControl
              aria-label={t('jobs.retentionMode')}
              value={form.retentionMode}
              onChange={(value) => change({ retentionMode: value as JobForm['retentionMode'] })}
              data={[
                { value: 'governance', label: t('jobs.governance') },
                { value: 'compliance', label: t('jobs.compliance') },
              ]}
            />
            <TextInput
              type="date"
              label={t('jobs.retainUntil')}
              value={form.retainUntil}
              onChange={(e) => change({ retainUntil: e.currentTarget.value })}
            />
            <Checkbox
              label={t('jobs.governanceBypass')}
              checked={form.governanceBypass}
              onChange={(e) => change({ governanceBypass: e.currentTarget.checked })}
            />
          </>
        )}
        {form.kind === 'set-legal-hold' && (
          <SegmentedControl
            aria-label={t('jobs.legalHold')}
            value={form.legalHold}
            onChange={(value) => change({ legalHold: value as JobForm['legalHold'] })}
            data={[
              { value: 'on', label: t('jobs.legalHoldOn') },
              { value: 'off', label: t('jobs.legalHoldOff') },
            ]}
          />
        )}
        {form.kind === 'set-storage-class' && (
          <Select
            label={t('jobs.storageClass')}
            data={STORAGE_CLASSES}
            value={form.storageClass}
            allowDeselect={false}
            onChange={(value) => value && change({ storageClass: value })}
          />
        )}
        {counted && (
          <Stack gap={4} aria-live="polite">
            <Text fw={600}>
              {t(counted.complete ? 'jobs.dryRunResult' : 'jobs.dryRunAtLeast', {
                objects: formatNumber(counted.count),
                bytes: formatBytes(counted.bytes),
              })}
            </Text>
            {counted.count === 0 ? (
              <Text c={tokens.color['text-muted']}>{t('jobs.nothing')}</Text>
            ) : (
              <>
                <Text size="sm">{t('jobs.sample')}</Text>
                <Code
                  block
                  mah={160}
                  style={{ overflowY: 'auto' }}
                  // A scrolled region must be reachable by keyboard.
                  tabIndex={0}
                  aria-label={t('jobs.sample')}
                >
                  {counted.sample.join('\n')}
                </Code>
              </>
            )}
          </Stack>
        )}
        {counted && counted.count > 0 && destructive && (
          <TextInput
            label={t('jobs.confirmLabel', { what: expected })}
            value={typed}
            autoComplete="off"
            onChange={(e) => setTyped(e.currentTarget.value)}
            error={typed !== '' && !confirmed ? t('jobs.confirmMismatch', { what: expected }) : undefined}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={create.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            variant="default"
            disabled={!request}
            loading={dryRun.isPending}
            onClick={() => request && dryRun.mutate(request)}
          >
            {t('jobs.dryRun')}
          </Button>
          <Button
            color={destructive ? tokens.intent.danger : undefined}
            disabled={!request || !counted || counted.count === 0 || !confirmed}
            loading={create.isPending}
            onClick={start}
          >
            {t('jobs.start')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
