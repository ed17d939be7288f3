import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { Job } from '@stowage/contract';
import {
  IconArrowBackUp,
  IconDownload,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconRefresh,
} from '@tabler/icons-react';
import { type ComponentProps, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { PageHeader } from '../../components/PageHeader.js';
import { QueryState } from '../../components/QueryState.js';
import { RowAction } from '../../components/RowAction.js';
import { tokens } from '../../theme/tokens.js';
import { formatBytes, formatDateTime, formatNumber } from '../../utils/format.js';
import { jobAction } from './jobRights.js';
import { type JobControl, jobReportUrl, useJobControl, useJobsQuery } from './queries.js';

// Outline badges in the semantic text colours, which keep AA contrast in both schemes.
const STATE_COLOUR: Record<Job['state'], string> = {
  running: tokens.color.accent,
  paused: tokens.color.warning,
  cancelled: tokens.color['text-muted'],
  completed: tokens.color.success,
  failed: tokens.color.danger,
};

/** A row button for a job: it needs the job's own action on the job's bucket. */
function JobButton({
  job,
  ...button
}: { job: Job } & Omit<ComponentProps<typeof RowAction>, 'action' | 'bucket'>) {
  return <RowAction action={jobAction(job.kind)} bucket={job.bucket} {...button} />;
}

/** Hands the report to the browser, which saves it with the session cookie. */
function downloadReport(id: string) {
  const link = document.createElement('a');
  link.href = jobReportUrl(id);
  link.download = '';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

/** Issue 41: the session's bulk jobs with their progress; pause, resume, cancel, retry, undo, report. */
export function JobsPage() {
  const { t } = useTranslation();
  const jobs = useJobsQuery();
  const control = useJobControl();
  const [confirming, setConfirming] = useState<{ job: Job; control: 'cancel' | 'undo' } | undefined>();

  const columns = useMemo<Column<Job>[]>(
    () => [
      { header: t('jobs.kind'), cell: (j) => t(`jobs.kinds.${j.kind}`), width: '10rem' },
      {
        header: t('jobs.target'),
        cell: (j) => {
          const where = j.prefix ? `${j.bucket}/${j.prefix}` : t('jobs.wholeBucket', { bucket: j.bucket });
          return j.picked === undefined ? where : t('jobs.picked', { count: j.picked, where });
        },
      },
      {
        header: t('jobs.state'),
        width: '8rem',
        cell: (j) => (
          <Tooltip label={j.error} disabled={!j.error}>
            <Badge color={STATE_COLOUR[j.state]} variant="outline">
              {t(`jobs.states.${j.state}`)}
            </Badge>
          </Tooltip>
        ),
      },
      {
        header: t('jobs.progress'),
        cell: (j) => (
          <Stack gap={0}>
            <Text size="sm">
              {t('jobs.progressText', {
                done: formatNumber(j.done.count),
                bytes: formatBytes(j.done.bytes),
                failed: formatNumber(j.failed.count),
              })}
            </Text>
            {j.errors.length > 0 && (
              <Text size="xs" c={tokens.color.danger} title={t('jobs.firstErrors')}>
                {j.errors[0]?.key}: {j.errors[0]?.message}
              </Text>
            )}
          </Stack>
        ),
      },
      { header: t('jobs.started'), width: '14rem', cell: (j) => formatDateTime(j.created_at) },
    ],
    [t],
  );

  const act = (job: Job, what: JobControl) => control.mutate({ id: job.id, control: what });
  const live = (job: Job) => job.state === 'running' || job.state === 'paused';

  return (
    <>
      <PageHeader title={t('pages.jobs')} />
      <QueryState query={jobs}>
        {(data) => (
          <DataTable
            label={t('jobs.table')}
            rows={data.jobs}
            rowKey={(j) => j.id}
            columns={columns}
            empty={t('jobs.empty')}
            actionsHeader={t('common.actions')}
            actions={(job) => (
              <Group gap={4} wrap="nowrap">
                {job.state === 'running' && (
                  <JobButton
                    job={job}
                    label={t('jobs.pause', { id: job.id })}
                    icon={IconPlayerPause}
                    onClick={() => act(job, 'pause')}
                  />
                )}
                {job.state === 'paused' && (
                  <JobButton
                    job={job}
                    label={t('jobs.resume', { id: job.id })}
                    icon={IconPlayerPlay}
                    onClick={() => act(job, 'resume')}
                  />
                )}
                {live(job) && (
                  <JobButton
                    job={job}
                    label={t('jobs.cancel', { id: job.id })}
                    icon={IconPlayerStop}
                    danger
                    onClick={() => setConfirming({ job, control: 'cancel' })}
                  />
                )}
                {job.state === 'failed' && (
                  <JobButton
                    job={job}
                    label={t('jobs.retry', { id: job.id })}
                    icon={IconRefresh}
                    onClick={() => act(job, 'retry')}
                  />
                )}
                {(job.kind === 'delete' || job.kind === 'move') && !live(job) && (
                  <JobButton
                    job={job}
                    label={
                      job.undo.available
                        ? t('jobs.undo', { id: job.id })
                        : t('jobs.undoUnavailable', { reason: job.undo.reason ?? '' })
                    }
                    icon={IconArrowBackUp}
                    disabled={!job.undo.available}
                    onClick={() => setConfirming({ job, control: 'undo' })}
                  />
                )}
                {!live(job) && (
                  <RowAction
                    action="s3:ListBucket"
                    bucket={job.bucket}
                    label={t('jobs.report', { id: job.id })}
                    icon={IconDownload}
                    onClick={() => downloadReport(job.id)}
                  />
                )}
              </Group>
            )}
          />
        )}
      </QueryState>
      <ConfirmDialog
        opened={confirming !== undefined}
        title={confirming?.control === 'undo' ? t('jobs.undoTitle') : t('jobs.cancelTitle')}
        message={
          confirming?.control === 'undo'
            ? t('jobs.undoMessage', {
                what: t(`jobs.undoWhat.${confirming.job.kind === 'delete' ? 'delete' : 'move'}`),
              })
            : t('jobs.cancelMessage')
        }
        confirmLabel={confirming?.control === 'undo' ? t('jobs.undoConfirm') : t('jobs.cancelConfirm')}
        danger={confirming?.control === 'cancel'}
        pending={control.isPending}
        error={control.error}
        onConfirm={() =>
          confirming &&
          control.mutate(
            { id: confirming.job.id, control: confirming.control },
            { onSuccess: () => setConfirming(undefined) },
          )
        }
        onClose={() => {
          control.reset();
          setConfirming(undefined);
        }}
      />
    </>
  );
}
