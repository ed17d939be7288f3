import { Button, Code, Group, Modal, Stack, Table, Text } from '@mantine/core';
import type { CreateTenantResponse } from '@stowage/contract';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../utils/saveFile.js';

/**
 * Spec §2.5: the generated credentials, shown once after creation. Closing it (Done or the
 * close button) is the only way out; the keys are not kept anywhere after that.
 */
export function CredentialsModal({
  tenant,
  credentials,
  onClose,
}: {
  tenant: string;
  credentials: CreateTenantResponse | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const keys = credentials?.console ?? [];
  const download = () =>
    saveFile(
      t('tenantWizard.credentials.fileName', { tenant }),
      JSON.stringify(keys.length === 1 ? keys[0] : keys, null, 2),
      'application/json',
    );
  return (
    <Modal
      opened={credentials !== undefined}
      onClose={onClose}
      title={t('tenantWizard.credentials.title')}
      closeOnClickOutside={false}
      size="lg"
    >
      <Stack gap="md">
        <Text>{t('tenantWizard.credentials.body')}</Text>
        {credentials?.externalIDP && <Text>{t('tenantWizard.credentials.externalIdp')}</Text>}
        {keys.length > 0 && (
          <Table withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tenantWizard.credentials.accessKey')}</Table.Th>
                <Table.Th>{t('tenantWizard.credentials.secretKey')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {keys.map((k) => (
                <Table.Tr key={k.access_key}>
                  <Table.Td>
                    <Code>{k.access_key}</Code>
                  </Table.Td>
                  <Table.Td>
                    <Code>{k.secret_key}</Code>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group justify="flex-end">
          {keys.length > 0 && (
            <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
              {t('tenantWizard.credentials.download')}
            </Button>
          )}
          <Button onClick={onClose}>{t('tenantWizard.credentials.done')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
