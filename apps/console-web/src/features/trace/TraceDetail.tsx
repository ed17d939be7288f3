import { Drawer, Stack, Table, Text, Title } from '@mantine/core';
import type { TraceFrame } from '@stowage/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes, formatDateTime, formatNanoseconds, formatNumber } from '../../utils/format.js';
import { traceStatus } from './traceView.js';

interface TraceDetailProps {
  frame: TraceFrame | undefined;
  onClose: () => void;
}

/** One traced call in full: what was asked, what was answered, and how long each part took. */
export function TraceDetail({ frame, onClose }: TraceDetailProps) {
  const { t } = useTranslation();
  const title = frame
    ? frame.method
      ? t('trace.detail.title', { method: frame.method, path: frame.path })
      : t('trace.detail.titleNoHttp', { name: frame.api })
    : '';
  return (
    <Drawer
      opened={frame !== undefined}
      onClose={onClose}
      position="right"
      size="xl"
      title={title}
      closeButtonProps={{ 'aria-label': t('trace.detail.close') }}
    >
      {frame && (
        <Stack gap="lg">
          <Section title={t('trace.detail.summary')}>
            <Pairs
              label={t('trace.detail.summary')}
              rows={[
                [t('trace.detail.time'), formatDateTime(frame.time)],
                [t('trace.detail.name'), frame.api],
                [t('trace.detail.method'), frame.method],
                [t('trace.detail.path'), frame.path],
                [t('trace.detail.query'), frame.query],
                [t('trace.detail.status'), traceStatus(frame)],
                [t('trace.detail.client'), frame.client],
                [t('trace.detail.node'), frame.host],
                [t('trace.detail.duration'), formatNanoseconds(frame.callStats.duration)],
                [t('trace.detail.timeToFirstByte'), formatNanoseconds(frame.callStats.timeToFirstByte)],
                [t('trace.detail.received'), bytes(frame.callStats.rx)],
                [t('trace.detail.sent'), bytes(frame.callStats.tx)],
              ]}
            />
          </Section>
          <Headers title={t('trace.detail.requestHeaders')} headers={frame.requestHeaders} />
          <Headers title={t('trace.detail.responseHeaders')} headers={frame.responseHeaders} />
        </Stack>
      )}
    </Drawer>
  );
}

/** Rows keyed by position: a header may repeat, even with the same value. */
const numbered = (rows: [string, string][]) =>
  rows.map(([name, value], at) => ({ id: `${at}`, name, value }));

const bytes = (n: number) => `${formatBytes(n)} (${formatNumber(n)})`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function Headers({ title, headers }: { title: string; headers: Record<string, string[]> | undefined }) {
  const { t } = useTranslation();
  const rows = Object.entries(headers ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([name, values]) => values.map((value): [string, string] => [name, value]));
  return (
    <Section title={title}>
      {headers === undefined ? (
        <Text c="dimmed">{t('trace.detail.noHeaders')}</Text>
      ) : (
        <Pairs label={title} rows={rows} head={[t('trace.detail.header'), t('trace.detail.value')]} />
      )}
    </Section>
  );
}

function Pairs({ label, rows, head }: { label: string; rows: [string, string][]; head?: [string, string] }) {
  return (
    <Table aria-label={label} withRowBorders verticalSpacing={4} layout="fixed">
      {head && (
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="35%">{head[0]}</Table.Th>
            <Table.Th>{head[1]}</Table.Th>
          </Table.Tr>
        </Table.Thead>
      )}
      <Table.Tbody>
        {numbered(rows).map(({ id, name, value }) => (
          <Table.Tr key={id}>
            <Table.Th scope="row" w="35%" fw={500}>
              {name}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-all' }}>
              <Text span ff="monospace" size="sm">
                {value}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
