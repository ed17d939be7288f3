import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { AdminInfoResponse } from '@stowage/contract';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../theme/tokens.js';
import { formatBytes, formatDateTime, formatNumber } from '../../utils/format.js';
import { healInProgress, refillPercent } from './healState.js';

/**
 * The background heal while it works: each drive being filled again (wiped or replaced) with
 * its progress, and the heal-on-read queue's objects still to heal. Nothing while all is whole.
 */
export function HealProgress({ info }: { info: AdminInfoResponse }) {
  const { t } = useTranslation();
  const refilling = info.servers.flatMap((s) =>
    s.drives.flatMap((d) => (d.healing ? [{ endpoint: d.endpoint, healing: d.healing }] : [])),
  );
  const queue = info.healQueue;
  if (!healInProgress(info)) return null;
  const title = t('dashboard.heal.title');
  return (
    <Paper withBorder p="md" bg={tokens.color['bg-surface']} component="section" aria-label={title}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {refilling.map(({ endpoint, healing }) => {
          const percent = refillPercent(healing);
          return (
            <Stack key={endpoint} gap={4}>
              <Group justify="space-between" wrap="wrap">
                <Text fw={600}>{t('dashboard.heal.refilling', { drive: endpoint })}</Text>
                <Text size="sm">{t('dashboard.heal.percent', { percent: String(percent) })}</Text>
              </Group>
              <Progress value={percent} aria-label={t('dashboard.heal.progress', { drive: endpoint })} />
              <Text size="sm" c={tokens.color['text-muted']}>
                {t('dashboard.heal.refillFigures', {
                  done: formatNumber(healing.itemsHealed),
                  total: formatNumber(healing.objectsTotal),
                  bytes: formatBytes(healing.bytesDone),
                  since: formatDateTime(healing.started),
                })}
                {healing.itemsFailed > 0 &&
                  ` · ${t('dashboard.heal.failed', { failed: formatNumber(healing.itemsFailed) })}`}
              </Text>
              {healing.currentObject && (
                <Text size="xs" c={tokens.color['text-muted']}>
                  {t('dashboard.heal.current', {
                    object: `${healing.currentBucket}/${healing.currentObject}`,
                  })}
                </Text>
              )}
            </Stack>
          );
        })}
        {queue && queue.pending > 0 && (
          <Text size="sm">
            {t('dashboard.heal.queue', {
              pending: formatNumber(queue.pending),
              healed: formatNumber(queue.healed),
            })}
            {queue.failed > 0 && ` · ${t('dashboard.heal.failed', { failed: formatNumber(queue.failed) })}`}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
