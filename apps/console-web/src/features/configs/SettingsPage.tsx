import { Group, NavLink, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useNavigate, useParams } from 'react-router';
import { BackLink } from '../../components/BackLink.js';
import { PageHeader } from '../../components/PageHeader.js';
import { NotificationEndpointsSection } from '../notification-endpoints/NotificationEndpointsSection.js';
import { useSession } from '../session/SessionProvider.js';
import { TiersSection } from '../tiers/TiersSection.js';
import { ConfigurationForm } from './ConfigurationForm.js';
import { ConfigurationsList } from './ConfigurationsList.js';
import { configurationById } from './configFields.js';

const SECTIONS = [
  { path: 'configurations', label: 'configs.menu.configurations', distributedOnly: false },
  { path: 'notifications', label: 'configs.menu.notifications', distributedOnly: false },
  { path: 'tiers', label: 'configs.menu.tiers', distributedOnly: true },
] as const;

/**
 * Spec 000 §2 "Settings": a left menu (Configurations, Lambda Notifications, Tiers) and the
 * section; spec 002 §2.1/§6: Tiers only in a distributed setup.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { '*': rest = '' } = useParams();
  const section = rest.split('/')[0];
  const session = useSession();
  const distributed = session.status === 'authenticated' && session.session.distributedMode;
  return (
    <>
      <PageHeader title={t('pages.settings')} />
      <Group align="flex-start" wrap="nowrap" gap="xl">
        <Stack component="nav" aria-label={t('configs.menu.label')} gap={2} miw="14rem">
          {SECTIONS.filter((s) => distributed || !s.distributedOnly).map((s) => (
            <NavLink
              key={s.path}
              component={Link}
              to={`/settings/${s.path}`}
              label={t(s.label)}
              active={section === s.path}
              aria-current={section === s.path ? 'page' : undefined}
            />
          ))}
        </Stack>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Routes>
            <Route index element={<Navigate to="/settings/configurations" replace />} />
            <Route path="configurations" element={<ConfigurationsList />} />
            <Route path="configurations/:configId" element={<EditConfiguration />} />
            <Route path="notifications/*" element={<NotificationEndpointsSection />} />
            {distributed && <Route path="tiers/*" element={<TiersSection />} />}
            <Route path="*" element={<Navigate to="/settings/configurations" replace />} />
          </Routes>
        </div>
      </Group>
    </>
  );
}

function EditConfiguration() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { configId = '' } = useParams();
  const entry = configurationById(configId);
  if (!entry) return <Navigate to="/settings/configurations" replace />;
  return (
    <Stack>
      <BackLink to="/settings/configurations" label={t('configs.back')} />
      <Text fw={600} size="lg" component="h2">
        {t(`configs.labels.${entry.id}`)}
      </Text>
      <ConfigurationForm entry={entry} onSaved={() => navigate('/settings/configurations')} />
    </Stack>
  );
}

// The webhook pages live with the settings chunk (one lazy import for both routes).
export { AuditWebhookPage, LoggerWebhookPage } from './WebhookConfigurationPage.js';
