import { ActionIcon, Box, Group } from '@mantine/core';
import type { ObjectItem } from '@stowage/contract';
import { IconDownload, IconEye, IconShare, IconTrash, IconZoomScan } from '@tabler/icons-react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RowAction } from '../../components/RowAction.js';
import { baseName, browsePath, isFolder, previewType } from './objectPaths.js';

const SLOT = 28;
const ACTIONS = 5;

/** An empty slot where a row has no such action, so the icons line up down the column. */
const Slot = () => <Box w={SLOT} aria-hidden />;

export type RowIntent = 'preview' | 'share' | 'download' | 'delete';

interface ObjectRowActionsProps {
  bucket: string;
  object: ObjectItem;
  /** Rewound rows are past states: view only. */
  readOnly: boolean;
  onAction: (intent: RowIntent, object: ObjectItem) => void;
}

/** Spec 001 §2 row actions: view, preview, share (not for folders), download, delete. */
export function ObjectRowActions({ bucket, object, readOnly, onAction }: ObjectRowActionsProps) {
  const { t } = useTranslation();
  const name = baseName(object.name);
  const folder = isFolder(object.name);
  const markerOrPast = readOnly || object.is_delete_marker === true;
  // A page of rows shows its names, sizes and dates first; the rows' buttons (some 150 of
  // them) come in a render of their own right after, in a space of the same width.
  const ready = useDeferredValue(true, false);
  if (!ready) return <Box w={ACTIONS * SLOT + (ACTIONS - 1) * 2} h={SLOT} aria-hidden />;
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon
        variant="subtle"
        component={Link}
        to={browsePath(bucket, object.name)}
        aria-label={t('objects.view', { name })}
      >
        <IconEye size="1.1rem" aria-hidden />
      </ActionIcon>
      {previewType(object.name) && !markerOrPast ? (
        <ActionIcon
          variant="subtle"
          onClick={() => onAction('preview', object)}
          aria-label={t('objects.preview', { name })}
        >
          <IconZoomScan size="1.1rem" aria-hidden />
        </ActionIcon>
      ) : (
        <Slot />
      )}
      {folder ? (
        <Slot />
      ) : (
        <ActionIcon
          variant="subtle"
          disabled={markerOrPast}
          onClick={() => onAction('share', object)}
          aria-label={t('objects.share', { name })}
        >
          <IconShare size="1.1rem" aria-hidden />
        </ActionIcon>
      )}
      <ActionIcon
        variant="subtle"
        disabled={markerOrPast}
        onClick={() => onAction('download', object)}
        aria-label={t('objects.download', { name })}
      >
        <IconDownload size="1.1rem" aria-hidden />
      </ActionIcon>
      <RowAction
        action="s3:DeleteObject"
        bucket={bucket}
        label={t('objects.delete', { name })}
        icon={IconTrash}
        danger
        disabled={markerOrPast}
        onClick={() => onAction('delete', object)}
      />
    </Group>
  );
}
