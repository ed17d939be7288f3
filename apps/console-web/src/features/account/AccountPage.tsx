import { Button } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/PageHeader.js';
import { ServiceAccountsPanel } from '../service-accounts/ServiceAccountsPanel.js';
import { useSession } from '../session/SessionProvider.js';
import { ChangePasswordDialog } from './ChangePasswordDialog.js';

/** The page the session needs to change its own password (spec 000 §2 "/account"). */
export const CHANGE_PASSWORD_PAGE = '/account/change-password';

/** Spec 000 §2 "Service Accounts (/account)": the session's own access keys and its password. */
export function AccountPage() {
  const { t } = useTranslation();
  const session = useSession();
  const canChangePassword =
    session.status === 'authenticated' && session.session.pages.includes(CHANGE_PASSWORD_PAGE);
  const [changingPassword, setChangingPassword] = useState(false);

  return (
    <>
      <PageHeader
        title={t('pages.serviceAccounts')}
        actions={
          canChangePassword && (
            <Button
              variant="default"
              leftSection={<IconKey size="1rem" aria-hidden />}
              onClick={() => setChangingPassword(true)}
            >
              {t('account.changePassword')}
            </Button>
          )
        }
      />
      <ServiceAccountsPanel owner={{ kind: 'self' }} />
      <ChangePasswordDialog opened={changingPassword} onClose={() => setChangingPassword(false)} />
    </>
  );
}
