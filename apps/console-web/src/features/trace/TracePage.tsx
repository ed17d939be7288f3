import { Anchor, Button, Checkbox, Divider, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { sockets, type TraceFrame } from '@stowage/contract';
import { IconDownload, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveStream } from '../../api/useLiveStream.js';
import { LiveStreamStatus } from '../../components/LiveStreamStatus.js';
import { PageHeader } from '../../components/PageHeader.js';
import { SearchBox } from '../../components/SearchBox.js';
import { useNewestFirst } from '../../components/useNewestFirst.js';
import { type VirtualColumn, VirtualTable } from '../../components/VirtualTable.js';
import { tokens } from '../../theme/tokens.js';
import { formatBytes, formatNanoseconds, formatTimeOfDay } from '../../utils/format.js';
import { saveFile, timestampedName } from '../../utils/saveFile.js';
import { TraceDetail } from './TraceDetail.js';
import {
  CALL_TYPES,
  DEFAULT_TRACE_FILTERS,
  type TraceFilters,
  traceFilterErrors,
  traceSocketQuery,
} from './traceFilters.js';
import { traceLocation, traceMatches, traceStatus } from './traceView.js';

/**
 * Spec 002 §2.9 Trace: the server's calls as they happen. Filters go to the server with Start
 * and are locked while the trace runs (§4); the search narrows what arrived, and Export saves
 * what the table shows.
 */
export function TracePage() {
  const { t } = useTranslation();
  const stream = useLiveStream(sockets.trace);
  const [filters, setFilters] = useState<TraceFilters>(DEFAULT_TRACE_FILTERS);
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState<TraceFrame>();
  const callsId = useId();
  const errors = traceFilterErrors(filters);
  const locked = stream.running;
  const { newestFirst, rowKey } = useNewestFirst(stream.rows);
  const shown = useMemo(() => newestFirst.filter((f) => traceMatches(f, search)), [newestFirst, search]);
  const set = <K extends keyof TraceFilters>(key: K, value: TraceFilters[K]) =>
    setFilters((f) => ({ ...f, [key]: value }));

  const columns = useMemo<VirtualColumn<TraceFrame>[]>(
    () => [
      { id: 'time', header: t('trace.columns.time'), cell: (f) => formatTimeOfDay(f.time), width: '8rem' },
      {
        id: 'name',
        header: t('trace.columns.name'),
        cell: (f) => (
          <Anchor component="button" type="button" size="sm" onClick={() => setOpened(f)}>
            {f.api}
          </Anchor>
        ),
        width: 'minmax(10rem, 1.5fr)',
      },
      { id: 'status', header: t('trace.columns.status'), cell: traceStatus },
      {
        id: 'location',
        header: t('trace.columns.location'),
        cell: traceLocation,
        width: 'minmax(10rem, 1.5fr)',
      },
      {
        id: 'loadTime',
        header: t('trace.columns.loadTime'),
        cell: (f) => formatNanoseconds(f.callStats.duration),
        width: '7rem',
      },
      {
        id: 'upload',
        header: t('trace.columns.upload'),
        cell: (f) => formatBytes(f.callStats.rx),
        width: '7rem',
      },
      {
        id: 'download',
        header: t('trace.columns.download'),
        cell: (f) => formatBytes(f.callStats.tx),
        width: '7rem',
      },
    ],
    [t],
  );

  const exportShown = () =>
    saveFile(timestampedName('trace', 'json'), `${JSON.stringify(shown, null, 2)}\n`, 'application/json');
  const errorText = (key: keyof typeof errors) => (errors[key] ? t(`trace.${errors[key]}`) : undefined);

  return (
    <>
      <PageHeader
        title={t('pages.trace')}
        actions={
          <>
            <SearchBox label={t('trace.search')} value={search} onChange={setSearch} />
            <Button
              variant="default"
              leftSection={<IconDownload size="1rem" aria-hidden />}
              disabled={shown.length === 0}
              onClick={exportShown}
            >
              {t('trace.export')}
            </Button>
            {locked ? (
              <Button leftSection={<IconPlayerStop size="1rem" aria-hidden />} onClick={stream.stop}>
                {t('trace.stop')}
              </Button>
            ) : (
              <Button
                leftSection={<IconPlayerPlay size="1rem" aria-hidden />}
                disabled={Object.keys(errors).length > 0}
                onClick={() => stream.start({ query: traceSocketQuery(filters) })}
              >
                {t('trace.start')}
              </Button>
            )}
          </>
        }
      />
      <Stack gap="md">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label={t('trace.statusCode')}
            value={filters.statusCode}
            onChange={(e) => set('statusCode', e.currentTarget.value)}
            error={errorText('statusCode')}
            disabled={locked}
            inputMode="numeric"
            w="9rem"
          />
          <TextInput
            label={t('trace.method')}
            value={filters.method}
            onChange={(e) => set('method', e.currentTarget.value)}
            disabled={locked}
            w="9rem"
          />
          <TextInput
            label={t('trace.funcName')}
            value={filters.funcName}
            onChange={(e) => set('funcName', e.currentTarget.value)}
            disabled={locked}
          />
          <TextInput
            label={t('trace.path')}
            value={filters.path}
            onChange={(e) => set('path', e.currentTarget.value)}
            disabled={locked}
          />
          <NumberInput
            label={t('trace.threshold')}
            description={t('trace.thresholdHint')}
            value={filters.threshold}
            onChange={(value) => set('threshold', value)}
            error={errorText('threshold')}
            min={0}
            allowDecimal={false}
            clampBehavior="none"
            disabled={locked}
            w="16rem"
          />
        </Group>
        <Group gap="md" role="group" aria-labelledby={callsId}>
          <Text id={callsId} fw={600} size="sm">
            {t('trace.callsLabel')}
          </Text>
          <Checkbox
            label={t('trace.calls.all')}
            checked={filters.all}
            onChange={(e) => set('all', e.currentTarget.checked)}
            disabled={locked}
          />
          {CALL_TYPES.map((call) => (
            <Checkbox
              key={call}
              label={t(`trace.calls.${call}`)}
              checked={filters.all || filters.calls[call]}
              onChange={(e) => set('calls', { ...filters.calls, [call]: e.currentTarget.checked })}
              disabled={locked || filters.all}
            />
          ))}
          <Divider orientation="vertical" />
          <Checkbox
            label={t('trace.onlyErrors')}
            checked={filters.onlyErrors}
            onChange={(e) => set('onlyErrors', e.currentTarget.checked)}
            disabled={locked}
          />
        </Group>
        {errors.calls && (
          <Text c={tokens.color.danger} size="sm" role="alert">
            {t(`trace.${errors.calls}`)}
          </Text>
        )}
        <LiveStreamStatus stream={stream} />
        <VirtualTable
          label={t('trace.table')}
          rows={shown}
          rowKey={rowKey}
          columns={columns}
          empty={
            stream.rows.length > 0
              ? t('trace.noMatch')
              : stream.running
                ? t('trace.noElements')
                : t('trace.notStarted')
          }
        />
      </Stack>
      <TraceDetail frame={opened} onClose={() => setOpened(undefined)} />
    </>
  );
}
