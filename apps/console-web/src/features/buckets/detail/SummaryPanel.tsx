import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ConsoleAction } from '@stowage/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { capitalise } from '../../../api/ApiError.js';
import { CanDo } from '../../../components/Can.js';
import { tokens } from '../../../theme/tokens.js';
import { formatBytes } from '../../../utils/format.js';
import { useSession } from '../../session/SessionProvider.js';
import { exactUnit } from '../createBucketForm.js';
import { encryptionChoice } from './encryption.js';
import {
  useBucketQuery,
  useEncryptionQuery,
  useLockingQuery,
  useQuotaQuery,
  useReplicationQuery,
  useRetentionQuery,
  useVersioningQuery,
} from './queries.js';
import { type SummaryDialog, SummaryDialogs } from './SummaryDialogs.js';

/** Spec 001 §2 "Summary": each setting of the bucket, with its edit dialog. */
export function SummaryPanel({ bucket }: { bucket: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const distributed = session.status === 'authenticated' && session.session.distributedMode;
  const info = useBucketQuery(bucket);
  const encryption = useEncryptionQuery(bucket);
  const locking = useLockingQuery(bucket);
  const replication = useReplicationQuery(bucket);
  const versioning = useVersioningQuery(bucket, distributed);
  const quota = useQuotaQuery(bucket, distributed);
  const lockingOn = locking.data?.object_locking_enabled ?? false;
  const retention = useRetentionQuery(bucket, lockingOn);
  const [dialog, setDialog] = useState<SummaryDialog | undefined>();

  // undefined while loading or after a failure: nothing to show or to edit yet.
  const encryptionNow = encryption.data === undefined ? undefined : encryptionChoice(encryption.data);
  const encryptionText = !encryptionNow
    ? ''
    : encryptionNow.type === 'disabled'
      ? t('bucketDetail.disabled')
      : encryptionNow.type === 'sse-kms'
        ? t('bucketDetail.kmsValue', { key: encryptionNow.kmsKeyID })
        : 'sse-s3';
  const versioningText = !versioning.data?.status
    ? t('bucketDetail.unversioned')
    : versioning.data.status === 'Enabled'
      ? t('bucketDetail.enabled')
      : t('bucketDetail.suspended');
  const quotaText = quota.data?.quota
    ? (() => {
        const { size, unit } = exactUnit(quota.data.quota);
        return `${size} ${unit} (${t(`buckets.quotaTypes.${quota.data.type ?? 'hard'}`)})`;
      })()
    : t('bucketDetail.disabled');

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Setting
          label={t('bucketDetail.accessPolicy')}
          value={info.data ? capitalise(info.data.access.toLowerCase()) : ''}
          onEdit={() => setDialog('access')}
          action="s3:PutBucketPolicy"
          bucket={bucket}
        />
        <Setting
          label={t('bucketDetail.encryption')}
          value={encryptionText}
          onEdit={encryptionNow ? () => setDialog('encryption') : undefined}
          action="s3:PutEncryptionConfiguration"
          bucket={bucket}
        />
        <Setting
          label={t('bucketDetail.replication')}
          value={
            (replication.data?.rules.length ?? 0) > 0 ? t('bucketDetail.enabled') : t('bucketDetail.disabled')
          }
        />
        <Setting
          label={t('bucketDetail.objectLocking')}
          value={lockingOn ? t('bucketDetail.enabled') : t('bucketDetail.disabled')}
        />
        <Setting label={t('bucketDetail.usage')} value={info.data ? formatBytes(info.data.size) : ''} />
        {distributed && (
          <Setting
            label={t('bucketDetail.versioning')}
            value={versioningText}
            onEdit={() => setDialog('versioning')}
            action="s3:PutBucketVersioning"
            bucket={bucket}
          />
        )}
        {distributed && (
          <Setting
            label={t('bucketDetail.quota')}
            value={quotaText}
            onEdit={() => setDialog('quota')}
            action="admin:SetBucketQuota"
          />
        )}
      </SimpleGrid>
      {lockingOn && (
        <Paper
          withBorder
          p="md"
          bg={tokens.color['bg-surface']}
          component="section"
          aria-label={t('bucketDetail.retention')}
        >
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('bucketDetail.retention')}
            </Title>
            <CanDo action="s3:PutBucketObjectLockConfiguration" bucket={bucket}>
              <Button variant="default" size="xs" onClick={() => setDialog('retention')}>
                {t('bucketDetail.edit')}
              </Button>
            </CanDo>
          </Group>
          <Text size="sm">
            {retention.data
              ? t('bucketDetail.retentionValue', {
                  mode: t(`buckets.modes.${retention.data.mode}`),
                  validity: String(retention.data.validity),
                  unit: t(`buckets.units.${retention.data.unit}`),
                })
              : t('bucketDetail.disabled')}
          </Text>
        </Paper>
      )}
      <SummaryDialogs
        bucket={bucket}
        open={dialog}
        onClose={() => setDialog(undefined)}
        current={{
          access: info.data?.access,
          definition: info.data?.definition,
          versioned: versioning.data?.status === 'Enabled',
          quota: quota.data ?? undefined,
          retention: retention.data ?? undefined,
          encryption: encryptionNow,
        }}
      />
    </Stack>
  );
}

interface SettingProps {
  label: string;
  value: string;
  onEdit?: () => void;
  /** What the edit needs; the bucket's setting is checked on the bucket. */
  action?: ConsoleAction;
  bucket?: string;
}

function Setting({ label, value, onEdit, action, bucket }: SettingProps) {
  const { t } = useTranslation();
  const edit = onEdit && (
    <Button
      variant="default"
      size="xs"
      onClick={onEdit}
      aria-label={t('bucketDetail.editSetting', { setting: label })}
    >
      {t('bucketDetail.edit')}
    </Button>
  );
  return (
    <Paper withBorder p="md" bg={tokens.color['bg-surface']} component="section" aria-label={label}>
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2}>
          <Text size="sm" c={tokens.color['text-muted']}>
            {label}
          </Text>
          <Text fw={600}>{value}</Text>
        </Stack>
        {edit && action ? (
          <CanDo action={action} bucket={bucket}>
            {edit}
          </CanDo>
        ) : (
          edit
        )}
      </Group>
    </Paper>
  );
}
