import { useTranslation } from 'react-i18next';
import { DashboardView } from './DashboardView.js';

/** Spec 000 §2 "Dashboard". */
export function DashboardPage() {
  const { t } = useTranslation();
  return <DashboardView title={t('pages.dashboard')} />;
}
