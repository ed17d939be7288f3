import { Button, Group, Menu, Modal, Stack, TextInput } from '@mantine/core';
import {
  IconFolderPlus,
  IconHistory,
  IconListCheck,
  IconRefresh,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CanDo, useCanOpen } from '../../components/Can.js';
import { SearchBox } from '../../components/SearchBox.js';
import { showSnackbar } from '../../components/snackbar.js';
import { tokens } from '../../theme/tokens.js';
import { BulkActionsDialog } from '../jobs/BulkActionsDialog.js';
import { CreateDropLinkButton } from '../share-links/CreateDropLinkDialog.js';
import { browsePath, newFolderPath } from './objectPaths.js';
import { useRefreshObjects } from './queries.js';
import { RewindDialog } from './RewindDialog.js';
import { startUploads, type UploadItem } from './transfers.js';

interface FolderToolbarProps {
  bucket: string;
  prefix: string;
  rewindDate: string | undefined;
  search: string;
  onSearch: (value: string) => void;
  selectedCount: number;
  /** The rows picked in the listing: Bulk actions acts on them, or on the folder when none. */
  selected?: readonly string[];
  onDeleteSelected: () => void;
}

/** Spec 001 §2: new path, upload, rewind, refresh, search and Delete Selected. */
export function FolderToolbar({
  bucket,
  prefix,
  rewindDate,
  search,
  onSearch,
  selectedCount,
  selected = [],
  onDeleteSelected,
}: FolderToolbarProps) {
  const { t } = useTranslation();
  const refresh = useRefreshObjects(bucket);
  const [choosingPath, setChoosingPath] = useState(false);
  const [rewinding, setRewinding] = useState(false);
  const [bulk, setBulk] = useState(false);
  const canJobs = useCanOpen('/jobs');
  const fileInput = useRef<HTMLInputElement>(null);
  const folderInput = useRef<HTMLInputElement>(null);
  // Spec 001 §2: in rewind mode the past cannot be changed.
  const past = rewindDate !== undefined;

  const upload = (list: FileList | null) => {
    if (!list || list.length === 0) return;
    const items: UploadItem[] = Array.from(list, (file) => ({
      name: file.webkitRelativePath || file.name,
      file,
    }));
    void startUploads(bucket, prefix, items).then((result) => {
      if (result.failed > 0) showSnackbar(t('objects.uploadFailed'), 'error');
      else if (result.done > 0) showSnackbar(t('objects.uploaded'));
      void refresh();
    });
  };
  const inputProps = (ref: typeof fileInput) => ({
    ref,
    type: 'file' as const,
    multiple: true,
    hidden: true,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      upload(e.currentTarget.files);
      e.currentTarget.value = '';
    },
  });

  return (
    <Group justify="space-between" mb="sm" gap="sm" wrap="wrap">
      <SearchBox label={t('objects.search')} value={search} onChange={onSearch} />
      <Group gap="xs">
        <CanDo action="s3:PutObject" bucket={bucket}>
          <Button
            variant="default"
            leftSection={<IconFolderPlus size="1rem" aria-hidden />}
            disabled={past}
            onClick={() => setChoosingPath(true)}
          >
            {t('objects.newPath')}
          </Button>
        </CanDo>
        <Menu position="bottom-end">
          <Menu.Target>
            <CanDo action="s3:PutObject" bucket={bucket}>
              <Button leftSection={<IconUpload size="1rem" aria-hidden />} disabled={past}>
                {t('objects.upload')}
              </Button>
            </CanDo>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => fileInput.current?.click()}>{t('objects.uploadFile')}</Menu.Item>
            <Menu.Item onClick={() => folderInput.current?.click()}>{t('objects.uploadFolder')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <input {...inputProps(fileInput)} aria-label={t('objects.uploadFile')} data-testid="upload-files" />
        <input
          {...inputProps(folderInput)}
          aria-label={t('objects.uploadFolder')}
          data-testid="upload-folder"
          {...{ webkitdirectory: '' }}
        />
        <CreateDropLinkButton bucket={bucket} prefix={prefix} disabled={past} />
        <Button
          variant={past ? 'filled' : 'default'}
          leftSection={<IconHistory size="1rem" aria-hidden />}
          onClick={() => setRewinding(true)}
        >
          {t('objects.rewind')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconRefresh size="1rem" aria-hidden />}
          disabled={past}
          onClick={() => void refresh()}
        >
          {t('objects.refresh')}
        </Button>
        {canJobs && (
          <Button
            variant="default"
            leftSection={<IconListCheck size="1rem" aria-hidden />}
            disabled={past}
            onClick={() => setBulk(true)}
          >
            {t('jobs.bulkActions')}
          </Button>
        )}
        <CanDo action="s3:DeleteObject" bucket={bucket}>
          <Button
            color={tokens.intent.danger}
            variant="light"
            leftSection={<IconTrash size="1rem" aria-hidden />}
            disabled={past || selectedCount === 0}
            onClick={onDeleteSelected}
          >
            {t('objects.deleteSelected')}
          </Button>
        </CanDo>
      </Group>
      <NewPathDialog
        bucket={bucket}
        prefix={prefix}
        opened={choosingPath}
        onClose={() => setChoosingPath(false)}
      />
      <RewindDialog
        bucket={bucket}
        opened={rewinding}
        current={rewindDate}
        onClose={() => setRewinding(false)}
      />
      {bulk && (
        <BulkActionsDialog
          bucket={bucket}
          prefix={prefix}
          picked={selected}
          opened
          onClose={() => setBulk(false)}
        />
      )}
    </Group>
  );
}

/** "Choose or create a new path": opens a folder below this one (it exists once a file is in it). */
function NewPathDialog({
  bucket,
  prefix,
  opened,
  onClose,
}: {
  bucket: string;
  prefix: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [path, setPath] = useState('');
  const target = newFolderPath(prefix, path);
  const close = () => {
    setPath('');
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('objects.newPathTitle')} centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!target) return;
          close();
          void navigate(browsePath(bucket, target));
        }}
      >
        <Stack>
          <TextInput
            label={t('objects.newFolderPath')}
            value={path}
            onChange={(e) => setPath(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button type="submit" disabled={!target}>
              {t('objects.go')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
