import { useTranslation } from 'react-i18next';
import { ChoiceGrid } from '../../components/ChoiceGrid.js';
import { SERVICE_CHOICES } from './serviceFields.js';

/** Spec 002 §2.1, slide 1: the supported services, each opening its form. */
export function ServiceChoice() {
  const { t } = useTranslation();
  return (
    <ChoiceGrid
      back={{ to: '/settings/notifications', label: t('notifications.backToList') }}
      title={t('notifications.chooseService')}
      label={t('notifications.serviceChoice')}
      columns={5}
      choices={SERVICE_CHOICES.map((service) => ({
        key: service,
        to: `/settings/notifications/add/${service}`,
        title: t(`notifications.services.${service}`),
      }))}
    />
  );
}
