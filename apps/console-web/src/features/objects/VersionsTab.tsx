import { ActionIcon, Group, Stack } from '@mantine/core';
import type { ObjectItem } from '@stowage/contract';
import { IconDownload, IconShare, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowAction } from '../../components/RowAction.js';
import { SearchBox } from '../../components/SearchBox.js';
import { showSnackbar } from '../../components/snackbar.js';
import { useConfirmedDelete } from '../../components/useConfirmedDelete.js';
import { type VirtualColumn, VirtualTable } from '../../components/VirtualTable.js';
import { formatDateTime } from '../../utils/format.js';
import { useObjectDownload } from './download.js';
import { baseName } from './objectPaths.js';
import { type DeleteTarget, useDeleteObject, useVersionsQuery } from './queries.js';
import { ShareDialog, type ShareTarget } from './ShareDialog.js';

type NumberedVersion = ObjectItem & { number: number };

/** Versions: v-number (oldest is v1), Version ID, Last Modified, Deleted; per-version actions. */
export function VersionsTab({ bucket, objectKey }: { bucket: string; objectKey: string }) {
  const { t } = useTranslation();
  const download = useObjectDownload(bucket);
  const versions = useVersionsQuery(bucket, objectKey, true);
  const [search, setSearch] = useState('');
  const [share, setShare] = useState<ShareTarget | null>(null);
  const remove = useDeleteObject(bucket);
  const deletion = useConfirmedDelete({
    title: t('objects.deleteTitle'),
    message: (target: DeleteTarget) =>
      t('objectDetail.deleteVersionMessage', { version: target.version ?? '', name: baseName(objectKey) }),
    mutation: remove,
    onDeleted: () => showSnackbar(t('objects.deletedOne', { name: baseName(objectKey) })),
  });
  const rows = useMemo(() => {
    const list = versions.data ?? [];
    const numbered = list.map((v, i) => ({ ...v, number: list.length - i }));
    const term = search.trim().toLowerCase();
    return term ? numbered.filter((v) => (v.version_id ?? '').toLowerCase().includes(term)) : numbered;
  }, [versions.data, search]);
  const columns = useMemo<VirtualColumn<NumberedVersion>[]>(
    () => [
      {
        id: 'number',
        header: t('objectDetail.number'),
        width: '4rem',
        cell: (v) => t('objectDetail.versionNumber', { number: String(v.number) }),
      },
      {
        id: 'version',
        header: t('objectDetail.versionId'),
        width: 'minmax(14rem, 3fr)',
        cell: (v) => v.version_id ?? 'null',
      },
      {
        id: 'lastModified',
        header: t('objects.lastModified'),
        width: 'minmax(10rem, 2fr)',
        cell: (v) => (v.last_modified ? formatDateTime(v.last_modified) : ''),
      },
      {
        id: 'deleted',
        header: t('objectDetail.deletedColumn'),
        width: '5rem',
        cell: (v) => (v.is_delete_marker ? t('objects.yes') : t('objects.no')),
      },
    ],
    [t],
  );
  return (
    <Stack>
      <SearchBox label={t('objectDetail.searchVersions')} value={search} onChange={setSearch} />
      <VirtualTable
        label={t('objectDetail.tabs.versions')}
        rows={rows}
        rowKey={(v) => v.version_id ?? 'null'}
        columns={columns}
        empty={t('objectDetail.noVersions')}
        loading={versions.isPending}
        height={360}
        actionsHeader={t('common.actions')}
        actions={(v) => {
          const version = v.version_id ?? 'null';
          // Spec 001 §4: a delete marker cannot be shared, downloaded or deleted from here.
          const marker = v.is_delete_marker === true;
          return (
            <Group gap={2} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                disabled={marker}
                onClick={() => setShare({ objectKey, version })}
                aria-label={`${t('objectDetail.share')} ${version}`}
              >
                <IconShare size="1.1rem" aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                disabled={marker}
                onClick={() => void download(objectKey, v.size, version)}
                aria-label={`${t('objectDetail.download')} ${version}`}
              >
                <IconDownload size="1.1rem" aria-hidden />
              </ActionIcon>
              <RowAction
                action="s3:DeleteObjectVersion"
                bucket={bucket}
                label={t('objectDetail.deleteVersion', { version })}
                icon={IconTrash}
                danger
                disabled={marker}
                onClick={() => deletion.ask({ path: objectKey, version })}
              />
            </Group>
          );
        }}
      />
      {deletion.dialog}
      <ShareDialog bucket={bucket} target={share} onClose={() => setShare(null)} />
    </Stack>
  );
}
