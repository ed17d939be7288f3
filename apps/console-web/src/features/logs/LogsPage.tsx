import { Group, NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader.js';
import { useSession } from '../session/SessionProvider.js';
import { AuditLogs } from './AuditLogs.js';
import { ErrorLogs } from './ErrorLogs.js';

/** Spec 002 §6: the session's log-search feature enables Audit Logs. */
export const LOG_SEARCH_FEATURE = 'log-search';

/** Spec 002 §2.10: a left menu (Error Logs, Audit Logs) and the section. */
export function LogsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { '*': rest = '' } = useParams();
  const section = rest.split('/')[0];
  const auditOn = session.status === 'authenticated' && session.session.features.includes(LOG_SEARCH_FEATURE);
  return (
    <>
      <PageHeader title={t('pages.logs')} />
      <Group align="flex-start" wrap="nowrap" gap="xl">
        <Stack component="nav" aria-label={t('logs.menu.label')} gap={2} miw="12rem">
          <NavLink
            component={Link}
            to="/logs/error"
            label={t('logs.menu.errorLogs')}
            active={section === 'error'}
            aria-current={section === 'error' ? 'page' : undefined}
          />
          <NavLink
            component={Link}
            to="/logs/audit"
            label={t('logs.menu.auditLogs')}
            description={auditOn ? undefined : t('logs.menu.auditOff')}
            disabled={!auditOn}
            active={section === 'audit'}
            aria-current={section === 'audit' ? 'page' : undefined}
          />
        </Stack>
        <div style={{ flex: 1, minWidth: 0 }}>
          <Routes>
            <Route path="error" element={<ErrorLogs />} />
            {auditOn && <Route path="audit" element={<AuditLogs />} />}
            <Route path="*" element={<Navigate to="/logs/error" replace />} />
          </Routes>
        </div>
      </Group>
    </>
  );
}
