import { Alert, Text } from '@mantine/core';
import type { ObjectItem } from '@stowage/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorBanner } from '../../components/ErrorBanner.js';
import { LoadingMessage } from '../../components/LoadingMessage.js';
import { showSnackbar } from '../../components/snackbar.js';
import { VirtualTable } from '../../components/VirtualTable.js';
import { useScopedState } from '../../lib/scopedState.js';
import { tokens } from '../../theme/tokens.js';
import { formatDateTime, formatNumber } from '../../utils/format.js';
import { useObjectDownload } from './download.js';
import { FolderToolbar } from './FolderToolbar.js';
import { PreviewDialog } from './ObjectPreview.js';
import { ObjectRowActions, type RowIntent } from './ObjectRowActions.js';
import { objectColumns } from './objectColumns.js';
import { baseName, browsePath, isFolder } from './objectPaths.js';
import { useDeleteObject, useDeleteObjects, useFolderIntent } from './queries.js';
import { useRewind } from './rewind.js';
import { SelectionBar } from './SelectionBar.js';
import { ShareDialog } from './ShareDialog.js';
import { useObjectSelection } from './selection.js';
import { useFolderRows } from './useFolderRows.js';
import { useSelectionDownload } from './useSelectionDownload.js';

type Pending = { intent: 'delete'; object: ObjectItem } | { intent: 'deleteSelected' } | null;

/** A folder's listing: paged from the server, drawn virtually, searchable and rewindable. */
export function FolderView({ bucket, prefix }: { bucket: string; prefix: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const rewindDate = useRewind(bucket);
  // Scoped to the folder: opening another one starts over without redrawing the screen.
  const [search, setSearch] = useScopedState(prefix, '');
  const selection = useObjectSelection(bucket, prefix);
  const zip = useSelectionDownload(bucket, prefix, selection);
  const download = useObjectDownload(bucket);
  const [pending, setPending] = useScopedState<Pending>(prefix, null);
  const [preview, setPreview] = useScopedState<ObjectItem | null>(prefix, null);
  const [share, setShare] = useScopedState<ObjectItem | null>(prefix, null);
  const folder = useFolderRows(bucket, prefix, search, rewindDate);
  const deleteOne = useDeleteObject(bucket);
  const deleteMany = useDeleteObjects(bucket);
  const folderIntent = useFolderIntent(bucket);
  const columns = useMemo(
    () => objectColumns(bucket, t, rewindDate !== undefined, folderIntent),
    [bucket, t, rewindDate, folderIntent],
  );

  const onAction = (intent: RowIntent, object: ObjectItem) => {
    if (intent === 'preview') setPreview(object);
    else if (intent === 'share') setShare(object);
    else if (intent === 'download') void download(object.name, object.size);
    else setPending({ intent: 'delete', object });
  };
  const closeConfirm = () => {
    deleteOne.reset();
    deleteMany.reset();
    setPending(null);
  };
  const confirm = () => {
    if (pending?.intent === 'delete') {
      const name = baseName(pending.object.name);
      deleteOne.mutate(
        { path: pending.object.name },
        {
          onSuccess: () => {
            closeConfirm();
            showSnackbar(t('objects.deletedOne', { name }));
          },
        },
      );
    } else if (pending?.intent === 'deleteSelected') {
      deleteMany.mutate([...selection.selected], {
        onSuccess: (result) => {
          closeConfirm();
          selection.clear();
          if (result.errors.length > 0) showSnackbar(result.errors[0]?.message ?? '', 'error');
          else showSnackbar(t('objects.deletedMany'));
        },
      });
    }
  };

  let confirmMessage = '';
  if (pending?.intent === 'delete') {
    const name = baseName(pending.object.name);
    confirmMessage = isFolder(pending.object.name)
      ? t('objects.deleteFolderMessage', { name })
      : t('objects.deleteMessage', { name });
  } else if (pending?.intent === 'deleteSelected') {
    confirmMessage = t('objects.deleteSelectedMessage', { count: selection.count });
  }

  return (
    <>
      <FolderToolbar
        bucket={bucket}
        prefix={prefix}
        rewindDate={rewindDate}
        search={search}
        onSearch={setSearch}
        selectedCount={selection.count}
        selected={[...selection.selected]}
        onDeleteSelected={() => setPending({ intent: 'deleteSelected' })}
      />
      {rewindDate && (
        <Alert mb="sm" color={tokens.intent.info}>
          {t('objects.rewinding', { bucket, date: formatDateTime(rewindDate) })}
        </Alert>
      )}
      <CoverageNote folder={folder} />
      <ErrorBanner error={folder.error} />
      <VirtualTable
        label={t('objects.table', { path: `${bucket}/${prefix}` })}
        rows={folder.rows}
        rowKey={(o) => o.name}
        columns={columns}
        empty={search.trim() ? t('objects.noMatch') : t('objects.empty')}
        loading={folder.loading}
        columnChooser
        scrollResetKey={prefix}
        toolbar={
          <SelectionBar
            bucket={bucket}
            count={selection.count}
            disabled={rewindDate !== undefined}
            downloading={zip.pending}
            onDownload={zip.start}
            onClear={selection.clear}
          />
        }
        selection={
          rewindDate
            ? undefined
            : {
                selected: selection.selected,
                onChange: selection.set,
                rowLabel: (o) => t('objects.select', { name: baseName(o.name) }),
                allLabel: t('objects.selectAll'),
              }
        }
        actionsHeader={t('common.actions')}
        actions={(o) => (
          <ObjectRowActions
            bucket={bucket}
            object={o}
            readOnly={rewindDate !== undefined}
            onAction={onAction}
          />
        )}
        onEndReached={folder.loadMore}
        footer={folder.loadingMore ? <LoadingMessage /> : null}
        onActivate={(o) => navigate(browsePath(bucket, o.name))}
      />
      <ConfirmDialog
        opened={pending !== null}
        title={t('objects.deleteTitle')}
        message={confirmMessage}
        confirmLabel={t('common.delete')}
        danger
        pending={deleteOne.isPending || deleteMany.isPending}
        error={deleteOne.error ?? deleteMany.error}
        onConfirm={confirm}
        onClose={closeConfirm}
      />
      <PreviewDialog
        target={preview ? { bucket, objectKey: preview.name, version: preview.version_id } : null}
        onClose={() => setPreview(null)}
      />
      <ShareDialog
        bucket={bucket}
        target={share ? { objectKey: share.name, version: share.version_id } : null}
        onClose={() => setShare(null)}
      />
    </>
  );
}

/** Says what the rows cover: how much is loaded, and what a search searched. */
function CoverageNote({ folder }: { folder: ReturnType<typeof useFolderRows> }) {
  const { t } = useTranslation();
  const { coverage } = folder;
  let text: string | undefined;
  if (coverage.kind === 'prefix') text = t('objects.searchPrefix', { term: coverage.term });
  else if (coverage.kind === 'loaded') text = t('objects.searchLoaded', { n: formatNumber(coverage.count) });
  else if (folder.hasMore) text = t('objects.moreToLoad', { n: formatNumber(folder.rows.length) });
  if (!text) return null;
  return (
    <Text size="sm" c="dimmed" mb="xs" role="status">
      {text}
    </Text>
  );
}
