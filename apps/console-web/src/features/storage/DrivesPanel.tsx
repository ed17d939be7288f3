import { ActionIcon, Alert, Button, Group, Text } from '@mantine/core';
import type { DirectCsiDrive, FormatIssue } from '@stowage/contract';
import { IconAlertTriangle, IconEraser, IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../components/DataTable.js';
import { OperatorCan } from '../../components/OperatorCan.js';
import { SearchBox } from '../../components/SearchBox.js';
import { tokens } from '../../theme/tokens.js';
import { formatBytes } from '../../utils/format.js';
import { driveKey } from './driveKey.js';
import { FormatDrivesDialog } from './FormatDrivesDialog.js';
import { FormatErrorsDialog } from './FormatErrorsDialog.js';
import { useDrivesQuery } from './queries.js';

const NO_DRIVES: readonly DirectCsiDrive[] = [];

function matches(drive: DirectCsiDrive, needle: string): boolean {
  return [drive.drive, drive.node, drive.status].some((text) => text.toLowerCase().includes(needle));
}

/**
 * Spec 002 §2.6 "Drives": the direct-csi driver's drives with selection, search, refresh and
 * formatting. When the list cannot be read the driver is not installed (§8): a notice says so
 * and every action is disabled.
 */
export function DrivesPanel() {
  const { t } = useTranslation();
  const query = useDrivesQuery();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [formatting, setFormatting] = useState<readonly DirectCsiDrive[] | undefined>();
  const [issues, setIssues] = useState<FormatIssue[]>([]);
  const drives = query.data?.drives ?? NO_DRIVES;
  const unavailable = query.isError;
  const needle = search.trim().toLowerCase();
  const shown = drives.filter((d) => matches(d, needle));

  const columns = useMemo<Column<DirectCsiDrive>[]>(
    () => [
      { header: t('storage.drives.drive'), cell: (d) => d.drive },
      { header: t('storage.drives.capacity'), cell: (d) => formatBytes(d.capacity) },
      { header: t('storage.drives.allocated'), cell: (d) => formatBytes(d.allocated) },
      { header: t('storage.drives.volumes'), cell: (d) => d.volumes, width: '0.6fr' },
      { header: t('storage.drives.node'), cell: (d) => d.node },
      {
        header: t('storage.drives.status'),
        // The driver's reason for a starred status is its tooltip.
        cell: (d) => (
          <Text span inherit title={d.message || undefined}>
            {d.status}
          </Text>
        ),
      },
    ],
    [t],
  );

  return (
    <>
      <Group justify="flex-end" mb="md" gap="sm">
        <SearchBox label={t('storage.drives.search')} value={search} onChange={setSearch} />
        <Button
          variant="default"
          leftSection={<IconRefresh size="1rem" aria-hidden />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('storage.drives.refresh')}
        </Button>
        <OperatorCan right="formatDrives">
          <Button
            variant="default"
            disabled={unavailable || selected.size === 0}
            onClick={() => setFormatting(drives.filter((d) => selected.has(driveKey(d))))}
          >
            {t('storage.drives.formatSelected')}
          </Button>
        </OperatorCan>
        <OperatorCan right="formatDrives">
          <Button
            color={tokens.intent.danger}
            disabled={unavailable || drives.length === 0}
            onClick={() => setFormatting(drives)}
          >
            {t('storage.drives.formatAll')}
          </Button>
        </OperatorCan>
      </Group>
      {unavailable && (
        <Alert
          color={tokens.color.warning}
          variant="light"
          mb="md"
          title={t('storage.drives.notInstalledTitle')}
          icon={<IconAlertTriangle aria-hidden />}
        >
          <Text size="sm">{t('storage.drives.notInstalled')}</Text>
          <Text size="sm">{t('storage.drives.notInstalledDetail', { message: query.error.message })}</Text>
        </Alert>
      )}
      <DataTable
        label={t('pages.drives')}
        rows={shown}
        rowKey={driveKey}
        columns={columns}
        loading={query.isPending}
        empty={drives.length === 0 ? t('storage.drives.empty') : t('storage.drives.noMatch')}
        actionsHeader={t('common.actions')}
        selection={
          unavailable
            ? undefined
            : {
                selected,
                onChange: setSelected,
                rowLabel: (d) => t('storage.drives.select', { drive: d.drive, node: d.node }),
                allLabel: t('storage.drives.selectAll'),
              }
        }
        actions={(d) => {
          const label = t('storage.drives.format', { drive: d.drive, node: d.node });
          return (
            <OperatorCan right="formatDrives" tooltip={label}>
              <ActionIcon
                variant="subtle"
                color={tokens.color.danger}
                onClick={() => setFormatting([d])}
                aria-label={label}
              >
                <IconEraser size="1.1rem" aria-hidden />
              </ActionIcon>
            </OperatorCan>
          );
        }}
      />
      <FormatDrivesDialog
        drives={formatting}
        onClose={() => setFormatting(undefined)}
        onIssues={(found) => {
          setIssues(found);
          setSelected(new Set());
        }}
      />
      <FormatErrorsDialog issues={issues} onClose={() => setIssues([])} />
    </>
  );
}
