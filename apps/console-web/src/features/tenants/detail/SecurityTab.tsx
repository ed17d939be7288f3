import { List, Stack, Text, Title } from '@mantine/core';
import type { CertificateInfo } from '@stowage/contract';
import { useTranslation } from 'react-i18next';
import { QueryState } from '../../../components/QueryState.js';
import { useTenantSecurity } from '../queries.js';
import type { TenantTabProps } from './tabs.js';

/** Spec 002 §2.4 "Security", read-only: AutoCert and the custom certificates. */
export function SecurityTab({ namespace, tenant }: TenantTabProps) {
  const { t } = useTranslation();
  const security = useTenantSecurity({ namespace, tenant });
  return (
    <QueryState query={security}>
      {(data) => (
        <Stack>
          <Text>
            {t('tenantDetail.security.autoCert')}:{' '}
            {data.autoCert ? t('tenantDetail.summary.enabled') : t('tenantDetail.summary.disabled')}
          </Text>
          <Certificates
            title={t('tenantDetail.security.customCertificates')}
            list={data.customCertificates.minio}
          />
          <Certificates
            title={t('tenantDetail.security.caCertificates')}
            list={data.customCertificates.minioCAs}
          />
        </Stack>
      )}
    </QueryState>
  );
}

function Certificates({ title, list }: { title: string; list: readonly CertificateInfo[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={title}>
      <Title order={2} size="h4" mb="xs">
        {title}
      </Title>
      {list.length === 0 ? (
        <Text>{t('tenantDetail.security.none')}</Text>
      ) : (
        <List>
          {list.map((cert) => (
            <List.Item key={cert.name}>
              {t('tenantDetail.security.expires', {
                name: cert.name,
                domains: cert.domains.join(', '),
                expiry: cert.expiry.slice(0, 10),
              })}
            </List.Item>
          ))}
        </List>
      )}
    </section>
  );
}
