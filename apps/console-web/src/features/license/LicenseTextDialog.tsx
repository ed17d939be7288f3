import { Modal, ScrollArea } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/Loading.js';

const AgplText = lazy(() => import('./AgplText.js'));

/** Spec 002 §2.8: the open-source licence's full text, loaded when first opened. */
export function LicenseTextDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('license.openSource.dialogTitle')}
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Suspense fallback={<Loading />}>
        <AgplText />
      </Suspense>
    </Modal>
  );
}
