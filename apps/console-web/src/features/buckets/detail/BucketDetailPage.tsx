import { ActionIcon, Badge, Group, NavLink, Stack, Title, Tooltip } from '@mantine/core';
import { IconFolderOpen, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { capitalise } from '../../../api/ApiError.js';
import { bucketDetailKeys } from '../../../api/queryKeys.js';
import { PlaceholderPage } from '../../../app/PlaceholderPage.js';
import { CanDo } from '../../../components/Can.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import { tokens } from '../../../theme/tokens.js';
import { useHasPermission } from '../../permissions/queries.js';
import { useSession } from '../../session/SessionProvider.js';
import { LifecyclePanel } from '../lifecycle/LifecyclePanel.js';
import { ReplicationPanel } from '../replication/ReplicationPanel.js';
import { AccessAuditPanel } from './AccessAuditPanel.js';
import { AccessRulesPanel } from './AccessRulesPanel.js';
import { EventsPanel } from './EventsPanel.js';
import { useBucketQuery, useDeleteBucket } from './queries.js';
import { SummaryPanel } from './SummaryPanel.js';

const SECTIONS = [
  { path: 'summary', label: 'summary', distributedOnly: false },
  { path: 'events', label: 'events', distributedOnly: false },
  { path: 'replication', label: 'replication', distributedOnly: true },
  { path: 'lifecycle', label: 'lifecycle', distributedOnly: true },
  { path: 'access', label: 'accessAudit', distributedOnly: false },
  { path: 'prefix', label: 'accessRules', distributedOnly: false },
] as const;

/** Spec 001 §2 "Bucket detail": header with its icons, the left menu and the section. */
export function BucketDetailPage() {
  const { t } = useTranslation();
  const { bucketName = '', '*': rest = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const session = useSession();
  const distributed = session.status === 'authenticated' && session.session.distributedMode;
  const bucket = useBucketQuery(bucketName);
  const remove = useDeleteBucket(bucketName);
  const [deleting, setDeleting] = useState(false);
  const section = rest.split('/')[0] || 'summary';
  // Spec 001 §2, §6: the Replication entry needs s3:GetReplicationConfiguration on the bucket.
  const canReadReplication = useHasPermission('s3:GetReplicationConfiguration', bucketName);
  const sections = SECTIONS.filter((s) => distributed || !s.distributedOnly);
  const base = `/buckets/${encodeURIComponent(bucketName)}`;

  return (
    <>
      <Group justify="space-between" mb="lg" wrap="wrap">
        <Group gap="sm">
          <Title order={1} size="h2">
            {bucketName}
          </Title>
          {bucket.data && (
            <Badge variant="outline" aria-label={t('bucketDetail.accessLabel')}>
              {capitalise(bucket.data.access.toLowerCase())}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <CanDo action="s3:DeleteBucket" bucket={bucketName} tooltip={t('bucketDetail.delete')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              color={tokens.color.danger}
              onClick={() => setDeleting(true)}
              aria-label={t('bucketDetail.delete')}
            >
              <IconTrash size="1.2rem" aria-hidden />
            </ActionIcon>
          </CanDo>
          <Tooltip label={t('bucketDetail.refresh')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={() => void client.invalidateQueries({ queryKey: bucketDetailKeys.bucket(bucketName) })}
              aria-label={t('bucketDetail.refresh')}
            >
              <IconRefresh size="1.2rem" aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('bucketDetail.browse')}>
            <ActionIcon
              variant="subtle"
              size="lg"
              component={Link}
              to={`${base}/browse`}
              aria-label={t('bucketDetail.browse')}
            >
              <IconFolderOpen size="1.2rem" aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
      <Group align="flex-start" wrap="nowrap" gap="xl">
        <Stack component="nav" aria-label={t('bucketDetail.menu')} gap={2} miw="12rem">
          {sections.map((s) => (
            <NavLink
              key={s.path}
              disabled={s.path === 'replication' && !canReadReplication}
              component={Link}
              to={`${base}/admin/${s.path}`}
              label={t(`bucketDetail.sections.${s.label}`)}
              active={section === s.path}
              aria-current={section === s.path ? 'page' : undefined}
            />
          ))}
        </Stack>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Routes>
            <Route index element={<Navigate to={`${base}/admin/summary`} replace />} />
            <Route path="summary" element={<SummaryPanel bucket={bucketName} />} />
            <Route path="events" element={<EventsPanel bucket={bucketName} />} />
            {distributed && <Route path="lifecycle" element={<LifecyclePanel bucket={bucketName} />} />}
            {distributed && <Route path="replication" element={<ReplicationPanel bucket={bucketName} />} />}
            <Route path="access" element={<AccessAuditPanel bucket={bucketName} />} />
            <Route path="prefix" element={<AccessRulesPanel bucket={bucketName} />} />
            {sections
              .filter(
                (s) =>
                  !['summary', 'events', 'lifecycle', 'replication', 'access', 'prefix'].includes(s.path),
              )
              .map((s) => (
                <Route
                  key={s.path}
                  path={s.path}
                  element={<PlaceholderPage nested title={t(`bucketDetail.sections.${s.label}`)} />}
                />
              ))}
            {/* Absolute: a relative target under a splat route would grow the path forever. */}
            <Route path="*" element={<Navigate to={`${base}/admin/summary`} replace />} />
          </Routes>
        </div>
      </Group>
      <ConfirmDialog
        opened={deleting}
        title={t('bucketDetail.deleteTitle')}
        message={t('bucketDetail.deleteMessage', { bucket: bucketName })}
        confirmLabel={t('common.delete')}
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(undefined, { onSuccess: () => void navigate('/buckets') })}
        onClose={() => {
          remove.reset();
          setDeleting(false);
        }}
      />
    </>
  );
}
