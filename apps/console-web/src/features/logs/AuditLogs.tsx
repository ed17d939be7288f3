import { Button, Collapse, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { AuditRecord } from '@stowage/contract';
import { IconChevronDown, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/ApiError.js';
import { type Column, DataTable } from '../../components/DataTable.js';
import { showSnackbar } from '../../components/snackbar.js';
import { formatDateTime } from '../../utils/format.js';
import { saveFile } from '../../utils/saveFile.js';
import { auditCsv, auditFileName, auditJson } from './auditExport.js';
import {
  AUDIT_COLUMNS,
  AUDIT_FILTERS,
  type AuditColumn,
  type AuditCriteria,
  type AuditOrder,
  DEFAULT_AUDIT_COLUMNS,
  DEFAULT_AUDIT_ORDER,
  emptyCriteria,
  windowInverted,
} from './auditQuery.js';
import { useAuditSearch } from './queries.js';

const cellText = (column: AuditColumn, row: AuditRecord) =>
  column === 'time' ? formatDateTime(row.time) : String(row[column]);

/**
 * Spec 002 §2.10 "Audit Logs": a time window and the Advanced Filters, Get Information, then
 * the matching requests a page at a time as the table scrolls, exportable as CSV or JSON.
 */
export function AuditLogs() {
  const { t } = useTranslation();
  const [criteria, setCriteria] = useState<AuditCriteria>(emptyCriteria);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [search, setSearch] = useState<{ criteria: AuditCriteria; run: number }>();
  const [order, setOrder] = useState<AuditOrder>(DEFAULT_AUDIT_ORDER);
  const query = useAuditSearch(search, order);
  const rows = useMemo(() => query.data?.pages.flat() ?? [], [query.data]);
  const inverted = windowInverted(criteria);

  useEffect(() => {
    // Spec 002 §8: an audit log failure is an error snack message.
    if (query.error)
      showSnackbar(
        query.error.message || t('logs.audit.failed'),
        'error',
        query.error instanceof ApiError ? query.error.details : undefined,
      );
  }, [query.error, t]);

  const columns: Column<AuditRecord>[] = useMemo(
    () =>
      AUDIT_COLUMNS.map((c) => ({
        header: t(`logs.audit.columns.${c}`),
        cell: (row: AuditRecord) => cellText(c, row),
        optional: true,
      })),
    [t],
  );
  const defaultHidden = useMemo(
    () =>
      AUDIT_COLUMNS.filter((c) => !DEFAULT_AUDIT_COLUMNS.includes(c)).map((c) =>
        t(`logs.audit.columns.${c}`),
      ),
    [t],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const setFilter = (key: (typeof AUDIT_FILTERS)[number], value: string) =>
    setCriteria((c) => ({ ...c, filters: { ...c.filters, [key]: value } }));

  return (
    <Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!inverted) setSearch((s) => ({ criteria, run: (s?.run ?? 0) + 1 }));
        }}
      >
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="datetime-local"
              label={t('logs.audit.startTime')}
              value={criteria.start}
              onChange={(e) => setCriteria({ ...criteria, start: e.currentTarget.value })}
            />
            <TextInput
              type="datetime-local"
              label={t('logs.audit.endTime')}
              value={criteria.end}
              error={inverted ? t('logs.audit.endBeforeStart') : undefined}
              onChange={(e) => setCriteria({ ...criteria, end: e.currentTarget.value })}
            />
          </SimpleGrid>
          <div>
            <Button
              variant="subtle"
              px={0}
              aria-expanded={filtersOpen}
              aria-controls="audit-advanced-filters"
              leftSection={filtersOpen ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
              onClick={() => setFiltersOpen((o) => !o)}
            >
              {t('logs.audit.advancedFilters')}
            </Button>
            <Collapse expanded={filtersOpen} id="audit-advanced-filters">
              <Stack gap="xs" pt="xs">
                <Text size="sm" c="dimmed">
                  {t('logs.audit.wildcards')}
                </Text>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
                  {AUDIT_FILTERS.map((key) => (
                    <TextInput
                      key={key}
                      label={t(`logs.audit.columns.${key}`)}
                      value={criteria.filters[key] ?? ''}
                      onChange={(e) => setFilter(key, e.currentTarget.value)}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Collapse>
          </div>
          <Group justify="space-between">
            <Button type="submit" disabled={inverted} loading={query.isFetching && !isFetchingNextPage}>
              {t('logs.audit.getInformation')}
            </Button>
            <Group gap="sm">
              <Text size="sm" id="audit-sort-label">
                {t('logs.audit.sortLabel')}
              </Text>
              <SegmentedControl
                aria-labelledby="audit-sort-label"
                value={order}
                onChange={(value) => setOrder(value as AuditOrder)}
                data={[
                  { value: 'timeDesc', label: t('logs.audit.sortNewest') },
                  { value: 'timeAsc', label: t('logs.audit.sortOldest') },
                ]}
              />
            </Group>
          </Group>
        </Stack>
      </form>
      {search && (
        <Group justify="space-between">
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('logs.audit.loaded', { count: rows.length })}
          </Text>
          <Group gap="sm">
            {EXPORTS.map(({ format, label, file }) => (
              <Button
                key={format}
                variant="default"
                leftSection={<IconDownload size={16} aria-hidden />}
                disabled={rows.length === 0}
                onClick={() => saveFile(auditFileName(format), file(rows), TYPES[format])}
              >
                {t(label)}
              </Button>
            ))}
          </Group>
        </Group>
      )}
      <DataTable
        label={t('logs.audit.table')}
        rows={rows}
        rowKey={rowKey}
        columns={columns}
        empty={search ? t('logs.audit.empty') : t('logs.audit.notSearched')}
        loading={query.isFetching}
        columnChooser
        defaultHidden={defaultHidden}
        scrollResetKey={`${order}:${search?.run ?? 0}`}
        onEndReached={loadMore}
        footer={
          isFetchingNextPage ? (
            <Text size="sm" c="dimmed" p="xs">
              {t('logs.audit.loadingMore')}
            </Text>
          ) : undefined
        }
      />
    </Stack>
  );
}

const EXPORTS = [
  { format: 'csv', label: 'logs.audit.exportCsv', file: auditCsv },
  { format: 'json', label: 'logs.audit.exportJson', file: auditJson },
] as const;
const TYPES = { csv: 'text/csv;charset=utf-8', json: 'application/json' } as const;

/** Request IDs repeat across nodes' entries of one call, so the time and API join them. */
const rowKey = (row: AuditRecord) => `${row.time}|${row.request_id}|${row.api_name}|${row.object}`;
