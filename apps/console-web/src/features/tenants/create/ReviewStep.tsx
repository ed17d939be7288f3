import { Alert, Loader, Stack, Table, Text, Title } from '@mantine/core';
import type { CreateTenantRequest } from '@stowage/contract';
import { niceBytes } from '@stowage/sizing';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../theme/tokens.js';
import { useTenantPreview } from './queries.js';
import type { SizePreview } from './sizePreview.js';
import type { WizardForm } from './wizardState.js';
import { YamlDiff } from './YamlDiff.js';

/**
 * Spec §2.5 Review: tenant name, image if custom, namespace if set, storage class, total size,
 * and TLS in advanced mode. Beyond the spec: the Tenant the server would apply, as a diff.
 */
export function ReviewStep({
  form,
  preview,
  advanced,
  body,
}: {
  form: WizardForm;
  preview: SizePreview;
  advanced: boolean;
  /** The request Create will send; undefined while a page is invalid. */
  body: CreateTenantRequest | undefined;
}) {
  const { t } = useTranslation();
  const plan = useTenantPreview(body);
  const rows: [string, string][] = [
    [t('tenantWizard.review.tenantName'), form.tenantName],
    ...(advanced && form.imageName.trim()
      ? [[t('tenantWizard.review.image'), form.imageName.trim()] as [string, string]]
      : []),
    ...(form.namespace.trim()
      ? [[t('tenantWizard.review.namespace'), form.namespace.trim()] as [string, string]]
      : []),
    [t('tenantWizard.review.storageClass'), form.storageClass],
    [t('tenantWizard.review.totalSize'), niceBytes(preview.erasureCode.rawCapacity)],
    ...(advanced
      ? [
          [
            t('tenantWizard.review.tls'),
            form.enableTLS ? t('tenantWizard.review.enabled') : t('tenantWizard.review.disabled'),
          ] as [string, string],
        ]
      : []),
  ];
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        {t('tenantWizard.review.heading')}
      </Title>
      <Table withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" w="40%">
                {label}
              </Table.Th>
              <Table.Td>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={3} size="h5">
        {t('tenantWizard.review.yamlHeading')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('tenantWizard.review.yamlHint')}
      </Text>
      {plan.isError && (
        <Alert color={tokens.intent.danger} variant="light" title={t('tenantWizard.review.previewFailed')}>
          {plan.error.message}
        </Alert>
      )}
      {plan.isLoading && <Loader size="sm" aria-label={t('tenantWizard.review.yamlHeading')} />}
      {plan.data && (
        <>
          <YamlDiff before="" after={plan.data.yaml} label={t('tenantWizard.review.yamlHeading')} />
          <Text size="sm" fw={600}>
            {t('tenantWizard.review.secretsHeading')}
          </Text>
          <Table fz="sm" withTableBorder>
            <Table.Tbody>
              {plan.data.secrets.map((secret) => (
                <Table.Tr key={secret.name}>
                  <Table.Td>{secret.name}</Table.Td>
                  <Table.Td>{secret.type}</Table.Td>
                  <Table.Td>{secret.keys.join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </>
      )}
    </Stack>
  );
}
