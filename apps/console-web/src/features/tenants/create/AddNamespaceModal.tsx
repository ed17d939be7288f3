import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ErrorBanner } from '../../../components/ErrorBanner.js';
import { useCreateNamespace } from './queries.js';

/** Spec §2.5: the add-namespace confirmation (Create Namespace / Cancel). */
export function AddNamespaceModal({
  name,
  opened,
  onClose,
}: {
  name: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const create = useCreateNamespace();
  const close = () => {
    create.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={t('tenantWizard.namespaceModal.title')}>
      <Text mb="md">{t('tenantWizard.namespaceModal.body', { name })}</Text>
      <ErrorBanner error={create.error} />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={close}>
          {t('tenantWizard.namespaceModal.cancel')}
        </Button>
        <Button loading={create.isPending} onClick={() => create.mutate(name, { onSuccess: close })}>
          {t('tenantWizard.namespaceModal.create')}
        </Button>
      </Group>
    </Modal>
  );
}
