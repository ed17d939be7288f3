import { Button, Group, Tabs, Title } from '@mantine/core';
import type { ObjectItem } from '@stowage/contract';
import { IconDownload, IconShare, IconTrash, IconZoomScan } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CanDo } from '../../components/Can.js';
import { showSnackbar } from '../../components/snackbar.js';
import { useConfirmedDelete } from '../../components/useConfirmedDelete.js';
import { tokens } from '../../theme/tokens.js';
import { DetailsTab } from './DetailsTab.js';
import { useObjectDownload } from './download.js';
import { ObjectPreview, PreviewDialog } from './ObjectPreview.js';
import { baseName, browsePath, parentFolder, previewType } from './objectPaths.js';
import { type DeleteTarget, useDeleteObject } from './queries.js';
import { ShareDialog } from './ShareDialog.js';
import { VersionsTab } from './VersionsTab.js';

/** Spec 001 §2 object detail: actions, then the Details, Versions and Preview tabs. */
export function ObjectDetail({ bucket, object }: { bucket: string; object: ObjectItem }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [sharing, setSharing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const name = baseName(object.name);
  const versioned = object.version_id !== undefined && object.version_id !== 'null';
  // The object shown is its key's latest version: a 'null' one is asked for by the key alone,
  // which needs no version permission.
  const version = versioned ? object.version_id : undefined;
  const previewable = previewType(object.name) !== undefined;
  const remove = useDeleteObject(bucket);
  const download = useObjectDownload(bucket);
  const deletion = useConfirmedDelete({
    title: t('objects.deleteTitle'),
    message: () => t('objects.deleteMessage', { name }),
    mutation: remove,
    onDeleted: () => {
      showSnackbar(t('objects.deletedOne', { name }));
      void navigate(browsePath(bucket, parentFolder(object.name)));
    },
  });
  const target: DeleteTarget = { path: object.name };

  return (
    <>
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h3" style={{ wordBreak: 'break-all' }}>
          {name}
        </Title>
        <Group gap="xs" role="toolbar" aria-label={t('objectDetail.actions')}>
          <Button
            variant="default"
            leftSection={<IconDownload size="1rem" aria-hidden />}
            onClick={() => void download(object.name, object.size, version)}
          >
            {t('objectDetail.download')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconShare size="1rem" aria-hidden />}
            onClick={() => setSharing(true)}
          >
            {t('objectDetail.share')}
          </Button>
          {previewable && (
            <Button
              variant="default"
              leftSection={<IconZoomScan size="1rem" aria-hidden />}
              onClick={() => setPreviewing(true)}
            >
              {t('objectDetail.preview')}
            </Button>
          )}
          <CanDo action="s3:DeleteObject" bucket={bucket}>
            <Button
              color={tokens.intent.danger}
              variant="light"
              leftSection={<IconTrash size="1rem" aria-hidden />}
              onClick={() => deletion.ask(target)}
            >
              {t('objectDetail.delete')}
            </Button>
          </CanDo>
        </Group>
      </Group>
      <Tabs defaultValue="details" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">{t('objectDetail.tabs.details')}</Tabs.Tab>
          <Tabs.Tab value="versions" disabled={!versioned}>
            {t('objectDetail.tabs.versions')}
          </Tabs.Tab>
          <Tabs.Tab value="preview" disabled={!previewable}>
            {t('objectDetail.tabs.preview')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details">
          <DetailsTab bucket={bucket} object={object} />
        </Tabs.Panel>
        <Tabs.Panel value="versions">
          <VersionsTab bucket={bucket} objectKey={object.name} />
        </Tabs.Panel>
        <Tabs.Panel value="preview">
          <ObjectPreview bucket={bucket} objectKey={object.name} version={version} />
        </Tabs.Panel>
      </Tabs>
      {deletion.dialog}
      <ShareDialog
        bucket={bucket}
        target={sharing ? { objectKey: object.name, version } : null}
        onClose={() => setSharing(false)}
      />
      <PreviewDialog
        target={previewing ? { bucket, objectKey: object.name, version } : null}
        onClose={() => setPreviewing(false)}
      />
    </>
  );
}
