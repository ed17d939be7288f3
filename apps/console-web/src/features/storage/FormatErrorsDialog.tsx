import { Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { FormatIssue } from '@stowage/contract';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { saveFile, timestampedName } from '../../utils/saveFile.js';
import { driveKey } from './driveKey.js';

/** Spec 002 §8: the drives the driver refused to format, each with its reason, and a JSON copy. */
export function FormatErrorsDialog({ issues, onClose }: { issues: FormatIssue[]; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={issues.length > 0}
      onClose={onClose}
      title={t('storage.formatErrors.title')}
      centered
      size="lg"
    >
      <Stack>
        <Text>{t('storage.formatErrors.message')}</Text>
        <Table withTableBorder aria-label={t('storage.formatErrors.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('storage.formatErrors.node')}</Table.Th>
              <Table.Th>{t('storage.formatErrors.drive')}</Table.Th>
              <Table.Th>{t('storage.formatErrors.error')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {issues.map((issue) => (
              <Table.Tr key={driveKey(issue)}>
                <Table.Td>{issue.node}</Table.Td>
                <Table.Td>{issue.drive}</Table.Td>
                <Table.Td>{issue.error}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Button
            variant="default"
            leftSection={<IconDownload size="1rem" aria-hidden />}
            onClick={() =>
              saveFile(
                timestampedName('csi-format-errors', 'json'),
                JSON.stringify(issues, null, 2),
                'application/json',
              )
            }
          >
            {t('storage.formatErrors.download')}
          </Button>
          <Button onClick={onClose}>{t('storage.formatErrors.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
