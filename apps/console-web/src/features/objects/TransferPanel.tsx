import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  Paper,
  Progress,
  ScrollArea,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconChevronDown, IconChevronUp, IconRefresh, IconX } from '@tabler/icons-react';
import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { tokens } from '../../theme/tokens.js';
import { formatBytes, formatDuration } from '../../utils/format.js';
import { browsePath } from './objectPaths.js';
import {
  cancelTransfer,
  clearFinishedTransfers,
  isActive,
  loadUnfinishedUploads,
  retryTransfer,
  setBandwidthLimit,
  type Transfer,
  transferSummary,
  useBandwidthLimit,
  useServerUnreachable,
  useTransfers,
  useUnfinishedUploads,
} from './transfers.js';
import { UnfinishedUploads } from './UnfinishedUploads.js';

const percent = (t: Transfer) => (t.size === 0 ? 100 : Math.min(100, Math.floor((t.loaded / t.size) * 100)));

/** Rows drawn: a folder of thousands stays responsive; the summary line counts them all. */
const SHOWN = 50;

const MB = 1000 * 1000;
/** The bandwidth limits offered, in bytes per second (0: none). */
const LIMITS = [0, 1 * MB, 5 * MB, 10 * MB, 50 * MB, 100 * MB];

/** Whether the panel is folded to its summary, kept across visits. */
export const TRANSFERS_COLLAPSED_KEY = 'transfersCollapsed';

/**
 * Every page's upload panel (the app shell draws it): each upload with its progress, speed, time
 * left and retries (newest first), a summary, cancel while it runs, retry of failed parts, a link
 * to each finished object, the uploads a reload interrupted, and a bandwidth limit. Folded, it
 * keeps the summary and one bar for all uploads.
 */
export function TransferPanel() {
  const { t } = useTranslation();
  const transfers = useTransfers();
  const unfinished = useUnfinishedUploads();
  const unreachable = useServerUnreachable();
  const limit = useBandwidthLimit();
  const [collapsed, setCollapsed] = useLocalStorage({
    key: TRANSFERS_COLLAPSED_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  useEffect(() => {
    void loadUnfinishedUploads();
  }, []);
  const summary = transferSummary(transfers);
  useLeaveGuard(summary.active > 0);
  if (transfers.length === 0 && unfinished.length === 0) return null;
  return (
    <Paper
      withBorder
      shadow="md"
      p="sm"
      role="region"
      aria-label={t('objects.transfers')}
      style={{
        // Bottom start of the page (left, or right in a right-to-left language), clear of the snackbars.
        position: 'fixed',
        insetInlineStart: 'calc(var(--app-shell-navbar-offset, 0px) + 16px)',
        bottom: 16,
        width: 380,
        // Above the page, below dialogs (Mantine's modals are at 200).
        zIndex: 150,
        background: tokens.color['bg-surface'],
      }}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={2} size="h5">
          {summary.active > 0
            ? t('objects.transfersActive', { count: summary.active })
            : t('objects.transfers')}
        </Title>
        <Group gap={2} wrap="nowrap">
          {!collapsed && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={clearFinishedTransfers}
              disabled={transfers.every(isActive)}
            >
              {t('objects.clearFinished')}
            </Button>
          )}
          <ActionIcon
            size="sm"
            variant="subtle"
            onClick={() => setCollapsed((value) => !value)}
            aria-expanded={!collapsed}
            aria-label={collapsed ? t('objects.showTransfers') : t('objects.hideTransfers')}
          >
            {collapsed ? (
              <IconChevronUp size="0.9rem" aria-hidden />
            ) : (
              <IconChevronDown size="0.9rem" aria-hidden />
            )}
          </ActionIcon>
        </Group>
      </Group>
      {transfers.length > 0 && (
        <Text size="xs" mb="xs" data-testid="transfer-summary">
          {t('objects.transferSummary', {
            done: String(summary.done),
            failed: String(summary.failed),
            loaded: formatBytes(summary.loaded),
            total: formatBytes(summary.bytes),
          })}
        </Text>
      )}
      {summary.awaitingSignIn > 0 && (
        <Text size="xs" mb="xs" c={tokens.color.warning}>
          {t('objects.transfersAwaitSignIn', { count: summary.awaitingSignIn })}
        </Text>
      )}
      {collapsed ? (
        summary.active > 0 && (
          <Progress
            value={summary.bytes === 0 ? 100 : Math.floor((summary.loaded / summary.bytes) * 100)}
            aria-label={t('objects.allTransfersProgress')}
          />
        )
      ) : (
        <TransferList transfers={transfers} unfinished={unfinished} unreachable={unreachable} limit={limit} />
      )}
    </Paper>
  );
}

/** Leaving the page stops the uploads in flight (a reload can resume them): the browser asks first. */
function useLeaveGuard(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [active]);
}

/** The unfolded panel: the alert, each upload, and the bandwidth limit. */
function TransferList({
  transfers,
  unfinished,
  unreachable,
  limit,
}: {
  transfers: readonly Transfer[];
  unfinished: ReturnType<typeof useUnfinishedUploads>;
  unreachable: string | undefined;
  limit: number;
}) {
  const { t } = useTranslation();
  return (
    <>
      {unreachable && (
        <Alert color={tokens.intent.warning} p="xs" mb="xs">
          <Text size="xs">
            {t('objects.serverUnreachable', { url: unreachable, origin: window.location.origin })}
          </Text>
        </Alert>
      )}
      <ScrollArea.Autosize mah={260}>
        <Stack gap="xs">
          <UnfinishedUploads uploads={unfinished} />
          {transfers
            .slice(-SHOWN)
            .reverse()
            .map((transfer) => (
              <TransferRow key={transfer.id} transfer={transfer} />
            ))}
          {transfers.length > SHOWN && (
            <Text size="xs" c="dimmed">
              {t('objects.transfersNotShown', { count: transfers.length - SHOWN })}
            </Text>
          )}
        </Stack>
      </ScrollArea.Autosize>
      <NativeSelect
        mt="xs"
        size="xs"
        label={t('objects.bandwidthLimit')}
        value={String(limit)}
        onChange={(e) => setBandwidthLimit(Number(e.currentTarget.value))}
        data={LIMITS.map((value) => ({
          value: String(value),
          label:
            value === 0
              ? t('objects.bandwidthNone')
              : t('objects.bandwidthValue', { value: formatBytes(value) }),
        }))}
      />
    </>
  );
}

/** Memoised: an update to one transfer redraws its row only. */
const TransferRow = memo(function TransferRow({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation();
  const running = transfer.status === 'uploading';
  const details = [
    t(`objects.transferStatus.${transfer.status}`, {
      percent: String(percent(transfer)),
      error: transfer.error ?? '',
    }),
    `${formatBytes(transfer.loaded)} / ${formatBytes(transfer.size)}`,
    transfer.awaitingSignIn ? t('objects.transferAwaitSignIn') : undefined,
    running && transfer.speed
      ? t('objects.transferSpeed', { speed: formatBytes(transfer.speed) })
      : undefined,
    running && transfer.eta !== undefined
      ? t('objects.transferEta', { eta: formatDuration(transfer.eta) })
      : undefined,
    transfer.retries > 0 ? t('objects.transferRetries', { count: transfer.retries }) : undefined,
  ].filter(Boolean);
  return (
    <Stack gap={2} data-testid="transfer">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        {transfer.status === 'done' ? (
          <Anchor
            component={Link}
            to={browsePath(transfer.bucket, transfer.key)}
            size="sm"
            truncate="end"
            title={transfer.name}
            aria-label={t('objects.openUploaded', { name: transfer.name })}
          >
            {transfer.name}
          </Anchor>
        ) : (
          <Text size="sm" truncate="end" title={transfer.name}>
            {transfer.name}
          </Text>
        )}
        <Group gap={2} wrap="nowrap">
          {transfer.status === 'failed' && transfer.failedParts !== undefined && (
            <ActionIcon
              size="sm"
              variant="subtle"
              onClick={() => retryTransfer(transfer.id)}
              aria-label={t('objects.retryFailedParts', { count: transfer.failedParts, name: transfer.name })}
            >
              <IconRefresh size="0.9rem" aria-hidden />
            </ActionIcon>
          )}
          {(isActive(transfer) || transfer.failedParts !== undefined) && transfer.status !== 'cancelled' && (
            <ActionIcon
              size="sm"
              variant="subtle"
              onClick={() => cancelTransfer(transfer.id)}
              aria-label={t('objects.cancelUpload', { name: transfer.name })}
            >
              <IconX size="0.9rem" aria-hidden />
            </ActionIcon>
          )}
        </Group>
      </Group>
      <Progress
        value={percent(transfer)}
        color={transfer.status === 'failed' ? tokens.intent.danger : undefined}
        aria-label={t('objects.progress', { name: transfer.name })}
      />
      <Text size="xs" c={transfer.status === 'failed' ? tokens.color.danger : 'dimmed'}>
        {details.join(' · ')}
      </Text>
    </Stack>
  );
});
