import { Anchor } from '@mantine/core';
import type { ObjectItem } from '@stowage/contract';
import { IconFile, IconFileMusic, IconFileText, IconFolder, IconMovie, IconPhoto } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import type { VirtualColumn } from '../../components/VirtualTable.js';
import { formatBytes, formatDateTime } from '../../utils/format.js';
import { baseName, browsePath, isFolder, previewType } from './objectPaths.js';

// A plain element, not Mantine's Group: one per row drawn, and Group's style props cost a render.
const NAME_STYLE = {
  display: 'flex',
  alignItems: 'center',
  gap: 'var(--mantine-spacing-xs)',
  minWidth: 0,
} as const;

const ICONS = { image: IconPhoto, text: IconFileText, audio: IconFileMusic, video: IconMovie } as const;

/** Spec 001 §2: the name's icon follows its extension; folders have their own. */
export function ObjectIcon({ name }: { name: string }) {
  if (isFolder(name)) return <IconFolder size="1.1rem" aria-hidden />;
  const type = previewType(name);
  const Icon = type ? ICONS[type] : IconFile;
  return <Icon size="1.1rem" aria-hidden />;
}

/** Name, Last Modified, Size; in rewind mode also Deleted. `intent`: a folder link's prefetch handlers. */
export function objectColumns(
  bucket: string,
  t: TFunction,
  rewinding: boolean,
  intent?: (prefix: string) => Partial<ComponentProps<'a'>>,
): VirtualColumn<ObjectItem>[] {
  const columns: VirtualColumn<ObjectItem>[] = [
    {
      id: 'name',
      header: t('objects.name'),
      width: 'minmax(12rem, 3fr)',
      cell: (o) => (
        <div style={NAME_STYLE}>
          <ObjectIcon name={o.name} />
          {/* A rewound row is a past state: it has no page of its own to open. */}
          {rewinding && !isFolder(o.name) ? (
            baseName(o.name)
          ) : (
            <Anchor
              component={Link}
              to={browsePath(bucket, o.name)}
              truncate="end"
              {...(isFolder(o.name) ? intent?.(o.name) : undefined)}
            >
              {baseName(o.name)}
            </Anchor>
          )}
        </div>
      ),
    },
    {
      id: 'lastModified',
      header: t('objects.lastModified'),
      width: 'minmax(10rem, 1.5fr)',
      optional: true,
      cell: (o) => (o.last_modified ? formatDateTime(o.last_modified) : ''),
    },
    {
      id: 'size',
      header: t('objects.size'),
      width: 'minmax(6rem, 1fr)',
      optional: true,
      cell: (o) => (isFolder(o.name) ? '' : formatBytes(o.size)),
    },
  ];
  if (rewinding) {
    columns.push({
      id: 'deleted',
      header: t('objects.deleted'),
      width: 'minmax(5rem, 0.7fr)',
      cell: (o) => (o.delete_flag ? t('objects.yes') : t('objects.no')),
    });
  }
  return columns;
}
