import { Paper, Stack, Table, Text, Title } from '@mantine/core';
import { niceBytes } from '@stowage/sizing';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../theme/tokens.js';
import { chosenFactor, type SizePreview } from './sizePreview.js';

/** Spec §2.5: the size preview beside the form (distribution, memory, erasure code). */
export function SizePreviewPanel({ preview, ready }: { preview: SizePreview; ready: boolean }) {
  const { t } = useTranslation();
  const { distribution, erasureCode, memory } = preview;
  const factor = chosenFactor(preview);
  const rows = (items: [string, string | number][]) =>
    items.map(([label, value]) => (
      <Table.Tr key={label}>
        <Table.Th scope="row" fw={500}>
          {label}
        </Table.Th>
        <Table.Td ta="right">{value}</Table.Td>
      </Table.Tr>
    ));
  const problem = distribution.error || memory.error;
  return (
    <Paper withBorder p="md" component="aside" aria-labelledby="size-preview-heading">
      <Stack gap="sm">
        <Title order={2} size="h5" id="size-preview-heading">
          {t('tenantWizard.preview.heading')}
        </Title>
        {!ready ? (
          <Text size="sm" c="dimmed">
            {t('tenantWizard.preview.waiting')}
          </Text>
        ) : (
          <>
            {problem && (
              <Text size="sm" role="alert" style={{ color: tokens.color.danger }}>
                {problem}
              </Text>
            )}
            <Table withRowBorders={false} fz="sm" verticalSpacing={4}>
              <Table.Tbody>
                {rows([
                  [t('tenantWizard.preview.servers'), distribution.nodes],
                  [t('tenantWizard.preview.drivesPerServer'), distribution.disks],
                  [t('tenantWizard.preview.volumes'), distribution.persistentVolumes],
                  [t('tenantWizard.preview.driveSize'), niceBytes(distribution.pvSize)],
                  [t('tenantWizard.preview.memory'), niceBytes(memory.request)],
                  [t('tenantWizard.preview.memoryLimit'), niceBytes(memory.limit)],
                ])}
              </Table.Tbody>
            </Table>
            <Title order={3} size="h6">
              {t('tenantWizard.preview.erasureHeading')}
            </Title>
            <Table withRowBorders={false} fz="sm" verticalSpacing={4}>
              <Table.Tbody>
                {rows([
                  [t('tenantWizard.preview.parity'), preview.parity || '—'],
                  [t('tenantWizard.preview.setSize'), erasureCode.erasureCodeSet || '—'],
                  [t('tenantWizard.preview.rawCapacity'), niceBytes(erasureCode.rawCapacity)],
                  [t('tenantWizard.preview.usableCapacity'), factor ? niceBytes(factor.maxCapacity) : '—'],
                  [t('tenantWizard.preview.storageFactor'), factor ? factor.storageFactor.toFixed(2) : '—'],
                  [t('tenantWizard.preview.tolerations'), factor ? factor.maxFailureTolerations : '—'],
                ])}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Paper>
  );
}
