import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { SubscriptionLicense } from '@stowage/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayError } from '../../components/ErrorBanner.js';
import { Loading } from '../../components/Loading.js';
import { OperatorWriteCan } from '../../components/OperatorCan.js';
import { PageHeader } from '../../components/PageHeader.js';
import { showSnackbar } from '../../components/snackbar.js';
import { formatBytes } from '../../utils/format.js';
import { useSession } from '../session/SessionProvider.js';
import { ActivateLicenseDialog } from './ActivateLicenseDialog.js';
import { ExternalButton, ExternalLink } from './ExternalButton.js';
import { LicenseTextDialog } from './LicenseTextDialog.js';
import { externalUrl } from './links.js';
import { PlanComparison } from './PlanComparison.js';
import { BYTES_PER_LICENSED_TB, currentPlan } from './plans.js';
import { useRefreshSubscription, useSubscriptionInfo } from './queries.js';

/**
 * Spec 002 §2.8: the licence in force (open source or commercial) and the plan comparison.
 * Operator mode adds Activate (in the Standard column) and Refresh Licence (next to Login to
 * SUBNET); external links carry ref=op there and ref=con in console mode.
 */
export function LicensePage() {
  const { t } = useTranslation();
  const session = useSession();
  const operator = session.status === 'authenticated' && session.session.operator;
  const info = useSubscriptionInfo();
  const [activating, setActivating] = useState(false);
  if (info.isPending) return <Loading />;
  // §4: a failure is silent; without an answer the open-source licence is what applies.
  const license = info.data?.license;
  return (
    <>
      <PageHeader title={t('pages.license')} />
      <Stack gap="xl">
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {license ? <CommercialLicense license={license} /> : <OpenSourceLicense />}
          {license ? <SubscriptionSupport operator={operator} /> : <ChoosingLicense operator={operator} />}
        </SimpleGrid>
        <PlanComparison
          current={currentPlan(license)}
          subscribed={license !== undefined}
          operator={operator}
          onActivate={operator ? () => setActivating(true) : undefined}
        />
      </Stack>
      {operator && <ActivateLicenseDialog opened={activating} onClose={() => setActivating(false)} />}
    </>
  );
}

function OpenSourceLicense() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('license.openSource.title')}
        </Title>
        <Anchor
          component="button"
          type="button"
          ta="start"
          aria-haspopup="dialog"
          onClick={() => setOpened(true)}
        >
          <Text fw={700} component="span" display="block">
            {t('license.openSource.version')}
          </Text>
          <Text size="sm" component="span" display="block">
            {t('license.openSource.summary')}
          </Text>
        </Anchor>
      </Stack>
      <LicenseTextDialog opened={opened} onClose={() => setOpened(false)} />
    </Card>
  );
}

function ChoosingLicense({ operator }: { operator: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h3">
          {t('license.openSource.choosingTitle')}
        </Title>
        <Text size="sm">{t('license.openSource.choosing')}</Text>
        <ExternalLink href={externalUrl('compliance', operator)}>
          {t('license.openSource.compliance')}
        </ExternalLink>
        <ExternalLink href={externalUrl('trademark', operator)}>
          {t('license.openSource.trademark')}
        </ExternalLink>
      </Stack>
    </Card>
  );
}

export function CommercialLicense({ license }: { license: SubscriptionLicense }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('license.subscription.typeLabel'), t('license.subscription.type')],
    [t('license.subscription.organization'), license.organization],
    [t('license.subscription.capacity'), formatBytes(license.storage_capacity * BYTES_PER_LICENSED_TB)],
    [t('license.subscription.expiry'), license.expires_at.slice(0, 10)],
    [t('license.subscription.plan'), license.plan],
    [t('license.subscription.requester'), license.email],
  ];
  return (
    <Card withBorder>
      <Title order={2} size="h3" mb="sm">
        {t('license.subscription.type')}
      </Title>
      <Stack gap={6} component="dl" m={0}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <Text component="dt" size="xs" fw={700} tt="uppercase">
              {label}
            </Text>
            <Text component="dd" m={0}>
              {value}
            </Text>
          </div>
        ))}
      </Stack>
    </Card>
  );
}

function SubscriptionSupport({ operator }: { operator: boolean }) {
  const { t } = useTranslation();
  return (
    <Card withBorder>
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h3">
          {t('license.subscription.supportTitle')}
        </Title>
        <Text size="sm">{t('license.subscription.supportText')}</Text>
        <Group gap="sm">
          <ExternalButton href={externalUrl('subscriptionSupport', operator)}>
            {t('license.subscription.supportButton')}
          </ExternalButton>
          {operator && <RefreshLicenseButton />}
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * Operator mode: SUBNET renews the licence (and the server writes it into every tenant). The
 * spec keeps a failure silent; SUBNET out of reach or refusing is said instead, so the operator
 * knows the licence was not renewed.
 */
function RefreshLicenseButton() {
  const { t } = useTranslation();
  const refresh = useRefreshSubscription();
  return (
    <OperatorWriteCan what={t('license.changeLicense')}>
      <Button
        variant="subtle"
        loading={refresh.isPending}
        onClick={() =>
          refresh.mutate(undefined, {
            onSuccess: () => showSnackbar(t('license.refresh.done')),
            onError: (error) =>
              showSnackbar(t('license.refresh.failed'), 'error', withDetails(error as DisplayError)),
          })
        }
      >
        {t('license.refresh.link')}
      </Button>
    </OperatorWriteCan>
  );
}

/** `SUBNET refused the request (SUBNET answered 401: bad credentials)`. */
const withDetails = ({ message, details }: DisplayError) => (details ? `${message} (${details})` : message);
