import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CanDo } from '../../components/Can.js';

interface SelectionBarProps {
  bucket: string;
  count: number;
  /** Rewind: the ZIP holds latest versions, so the past cannot be downloaded this way. */
  disabled: boolean;
  downloading: boolean;
  onDownload: () => void;
  onClear: () => void;
}

/**
 * What is checked in the listing and what can be done with it, on the table's top row: it is
 * always there, so checking a row never moves the rows under the pointer.
 */
export function SelectionBar({
  bucket,
  count,
  disabled,
  downloading,
  onDownload,
  onClear,
}: SelectionBarProps) {
  const { t } = useTranslation();
  return (
    <Group gap="xs">
      <CanDo action="s3:GetObject" bucket={bucket}>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconDownload size="1rem" aria-hidden />}
          disabled={disabled || count === 0}
          loading={downloading}
          onClick={onDownload}
        >
          {t('objects.downloadSelected')}
        </Button>
      </CanDo>
      <Text size="sm" role="status">
        {count > 0 ? t('objects.selectedCount', { count }) : ''}
      </Text>
      {count > 0 && (
        <Button variant="subtle" size="compact-sm" onClick={onClear}>
          {t('objects.clearSelection')}
        </Button>
      )}
    </Group>
  );
}
