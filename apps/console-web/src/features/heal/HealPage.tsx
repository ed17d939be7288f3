import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { sockets } from '@stowage/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveStream } from '../../api/useLiveStream.js';
import { CanDo } from '../../components/Can.js';
import { LiveStreamStatus } from '../../components/LiveStreamStatus.js';
import { PageHeader } from '../../components/PageHeader.js';
import { tokens } from '../../theme/tokens.js';
import { formatBytes } from '../../utils/format.js';
import { useBucketsQuery } from '../buckets/queries.js';
import { useSession } from '../session/SessionProvider.js';
import { HealthChart } from './HealthChart.js';
import { type HealForm, healQuery, initialHealForm, setForce } from './healFigures.js';

/** Spec 002 §2.12: only the latest running totals matter; a few are kept. */
const HEAL_ROWS_KEPT = 4;

/** Spec 002 §2.12 "Heal": shown only in a distributed setup. */
export function HealPage() {
  const { t } = useTranslation();
  const session = useSession();
  const distributed = session.status === 'authenticated' && session.session.distributedMode;
  return (
    <>
      <PageHeader title={t('pages.heal')} />
      {distributed ? (
        <HealTool />
      ) : (
        <Alert color={tokens.intent.neutral} variant="light">
          {t('heal.notDistributed')}
        </Alert>
      )}
    </>
  );
}

function HealTool() {
  const { t } = useTranslation();
  const buckets = useBucketsQuery();
  const stream = useLiveStream(sockets.heal, { reconnect: false, maxRows: HEAL_ROWS_KEPT });
  const [form, setForm] = useState<HealForm>(initialHealForm);
  const latest = stream.rows.at(-1);

  useEffect(() => {
    // Spec 002 §8: a bucket list failure for heal is only logged.
    if (buckets.error) console.error('heal: listing buckets failed', buckets.error);
  }, [buckets.error]);

  const start = () => {
    if (form.bucket) stream.start({ params: { bucket: form.bucket }, query: healQuery(form) });
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p="md">
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('heal.bucket')}
              placeholder={t('heal.selectBucket')}
              data={(buckets.data?.buckets ?? []).map((b) => b.name)}
              value={form.bucket}
              onChange={(bucket) => setForm({ ...form, bucket })}
              searchable
              disabled={stream.running}
            />
            <TextInput
              label={t('heal.prefix')}
              value={form.prefix}
              onChange={(e) => setForm({ ...form, prefix: e.currentTarget.value })}
              disabled={stream.running}
            />
          </SimpleGrid>
          <Group gap="lg">
            <Checkbox
              label={t('heal.recursive')}
              checked={form.recursive}
              onChange={(e) => setForm({ ...form, recursive: e.currentTarget.checked })}
              disabled={stream.running}
            />
            <Checkbox
              label={t('heal.forceStart')}
              checked={form.forceStart}
              onChange={(e) => setForm(setForce(form, 'forceStart', e.currentTarget.checked))}
              disabled={stream.running}
            />
            <Checkbox
              label={t('heal.forceStop')}
              checked={form.forceStop}
              onChange={(e) => setForm(setForce(form, 'forceStop', e.currentTarget.checked))}
              disabled={stream.running}
            />
          </Group>
          <Group>
            <CanDo action="admin:Heal">
              <Button onClick={start} disabled={!form.bucket || stream.running} loading={stream.running}>
                {t('heal.start')}
              </Button>
            </CanDo>
          </Group>
          <LiveStreamStatus stream={stream} pausable={false} />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="lg">
          <HealthChart before={latest?.healthBeforeCols ?? ZERO} after={latest?.healthAfterCols ?? ZERO} />
          {latest?.summary && (
            <Text size="sm" c="dimmed">
              {t('heal.summary', { summary: latest.summary })}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Figure label={t('heal.sizeScanned')} value={formatBytes(latest?.bytesScanned ?? 0)} />
            <Figure
              label={t('heal.objectsHealed')}
              value={t('heal.healedOfScanned', {
                healed: String(latest?.objectsHealed ?? 0),
                scanned: String(latest?.objectsScanned ?? 0),
              })}
            />
            <Figure
              label={t('heal.healingTime')}
              value={t('heal.seconds', { seconds: String(Math.round(latest?.healDuration ?? 0)) })}
            />
          </SimpleGrid>
        </Stack>
      </Paper>
    </Stack>
  );
}

const ZERO = { Green: 0, Yellow: 0, Red: 0, Grey: 0 };

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}
