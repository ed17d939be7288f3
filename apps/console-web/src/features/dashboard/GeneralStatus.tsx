import { Badge, Group, Pagination, Paper, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import type { AdminInfoResponse, ServerStatus } from '@stowage/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../theme/tokens.js';
import { formatBytes, formatDuration, formatNumber } from '../../utils/format.js';
import { refillPercent } from './healState.js';
import { driveTone, healthTone, serverTone, type Tone } from './health.js';

/** Spec 000 §9: servers and drives 5 per page, the pager showing 3 siblings. */
export const STATUS_PAGE_SIZE = 5;
const PAGER_SIBLINGS = 3;

const TONE_COLOR: Record<Tone, string> = {
  good: tokens.color.success,
  warning: tokens.color.warning,
  bad: tokens.color.danger,
  neutral: tokens.color['text-muted'],
};

type Drive = ServerStatus['drives'][number];

/** Cards All Buckets, Usage, Total Objects and Servers; tabs Servers and Drives. */
export function GeneralStatus({ info }: { info: AdminInfoResponse }) {
  const { t } = useTranslation();
  const drives = info.servers.flatMap((s) => s.drives);
  const online = info.servers.filter((s) => s.state === 'online').length;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <StatCard label={t('dashboard.allBuckets')} value={formatNumber(info.buckets)} />
        <StatCard label={t('dashboard.usage')} value={formatBytes(info.usage)} />
        <StatCard label={t('dashboard.totalObjects')} value={formatNumber(info.objects)} />
        <StatCard
          label={t('dashboard.servers')}
          value={formatNumber(info.servers.length)}
          note={t('dashboard.online', { online: String(online), total: String(info.servers.length) })}
        />
      </SimpleGrid>
      <Tabs defaultValue="servers">
        <Tabs.List mb="md">
          <Tabs.Tab value="servers">{t('dashboard.servers')}</Tabs.Tab>
          <Tabs.Tab value="drives">{t('dashboard.drivesTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="servers">
          <Paged items={info.servers} render={(s) => <ServerCard key={s.endpoint} server={s} />} />
        </Tabs.Panel>
        <Tabs.Panel value="drives">
          <Paged items={drives} render={(d) => <DriveCard key={`${d.endpoint}${d.uuid}`} drive={d} />} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Paged<T>({ items, render }: { items: readonly T[]; render: (item: T) => ReactNode }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / STATUS_PAGE_SIZE));
  const current = Math.min(page, pages);
  return (
    <Stack>
      <Stack gap="sm">
        {items.slice((current - 1) * STATUS_PAGE_SIZE, current * STATUS_PAGE_SIZE).map(render)}
      </Stack>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={current}
          onChange={setPage}
          siblings={PAGER_SIBLINGS}
          getControlProps={(control) => ({ 'aria-label': t(`dashboard.pager.${control}`) })}
          getItemProps={(n) => ({ 'aria-label': t('dashboard.pager.page', { page: String(n) }) })}
        />
      )}
    </Stack>
  );
}

function StatCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper withBorder p="md" bg={tokens.color['bg-surface']} component="section" aria-label={label}>
      <Text size="sm" c={tokens.color['text-muted']}>
        {label}
      </Text>
      <Text fz="1.6rem" fw={700}>
        {value}
      </Text>
      {note && <Text size="xs">{note}</Text>}
    </Paper>
  );
}

function StateBadge({ tone, label }: { tone: Tone; label: string }) {
  return (
    <Badge variant="outline" color={TONE_COLOR[tone]}>
      {label}
    </Badge>
  );
}

/** One server or drive: its name and state, then its facts. */
function StatusCard({
  name,
  tone,
  state,
  children,
}: {
  name: string;
  tone: Tone;
  state: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md" bg={tokens.color['bg-surface']} component="article" aria-label={name}>
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Text fw={600}>{name}</Text>
          <StateBadge tone={tone} label={state} />
        </Group>
        <Group gap="lg">{children}</Group>
      </Group>
    </Paper>
  );
}

function ServerCard({ server }: { server: ServerStatus }) {
  const { t } = useTranslation();
  const drivesOk = server.drives.filter((d) => d.state === 'ok').length;
  const peers = Object.values(server.network);
  const peersOnline = peers.filter((p) => p === 'online').length;
  return (
    <StatusCard name={server.endpoint} tone={serverTone(server.state)} state={server.state}>
      <Text size="sm" c={TONE_COLOR[healthTone(drivesOk, server.drives.length)]}>
        {t('dashboard.drives', { ok: String(drivesOk), total: String(server.drives.length) })}
      </Text>
      <Text size="sm" c={TONE_COLOR[healthTone(peersOnline, peers.length)]}>
        {t('dashboard.network', { online: String(peersOnline), total: String(peers.length) })}
      </Text>
      <Text size="sm">{t('dashboard.uptime', { uptime: formatDuration(server.uptime) })}</Text>
      <Text size="sm">{t('dashboard.version', { version: server.version })}</Text>
    </StatusCard>
  );
}

function DriveCard({ drive }: { drive: Drive }) {
  const { t } = useTranslation();
  return (
    <StatusCard name={drive.endpoint} tone={driveTone(drive.state)} state={drive.state}>
      <Text size="sm">{t('dashboard.capacity', { value: formatBytes(drive.totalSpace) })}</Text>
      <Text size="sm">{t('dashboard.used', { value: formatBytes(drive.usedSpace) })}</Text>
      <Text size="sm">{t('dashboard.available', { value: formatBytes(drive.availableSpace) })}</Text>
      {drive.healing && (
        <Text size="sm" c={TONE_COLOR.warning}>
          {t('dashboard.heal.driveHealing', { percent: String(refillPercent(drive.healing)) })}
        </Text>
      )}
    </StatusCard>
  );
}
