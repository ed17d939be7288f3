import { Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../../theme/tokens.js';
import { CertPairRows } from './CertPairRows.js';
import type { StepProps } from './stepProps.js';
import { securityValid } from './stepRules.js';

/** Spec §2.5 Security: TLS, AutoCert, and custom certificates for MinIO and CAs. */
export function SecurityStep({ form, set }: StepProps) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Switch
        label={t('tenantWizard.security.enableTLS')}
        checked={form.enableTLS}
        onChange={(e) => set({ enableTLS: e.currentTarget.checked })}
      />
      {form.enableTLS && (
        <>
          <Switch
            label={t('tenantWizard.security.enableAutoCert')}
            checked={form.enableAutoCert}
            onChange={(e) => set({ enableAutoCert: e.currentTarget.checked })}
          />
          <Switch
            label={t('tenantWizard.security.enableCustomCerts')}
            checked={form.enableCustomCerts}
            onChange={(e) => set({ enableCustomCerts: e.currentTarget.checked })}
          />
        </>
      )}
      {form.enableTLS && form.enableCustomCerts && (
        <>
          <CertPairRows
            title={t('tenantWizard.security.minioCerts')}
            pairs={form.minioCerts}
            onChange={(minioCerts) => set({ minioCerts })}
            withKey
          />
          <CertPairRows
            title={t('tenantWizard.security.caCerts')}
            pairs={form.caCerts}
            onChange={(caCerts) => set({ caCerts })}
            withKey={false}
          />
        </>
      )}
      {!securityValid(form) && (
        <Text size="sm" role="alert" style={{ color: tokens.color.danger }}>
          {t('tenantWizard.security.invalid')}
        </Text>
      )}
    </Stack>
  );
}
