import { useTranslation } from 'react-i18next';
import { ChoiceGrid } from '../../components/ChoiceGrid.js';
import { TIER_CHOICES } from './tierRules.js';

/** Spec 002 §2.1: Add Tier first asks for the type (MinIO, GCS, S3, Azure). */
export function TierTypeChoice() {
  const { t } = useTranslation();
  return (
    <ChoiceGrid
      back={{ to: '/settings/tiers', label: t('tiers.backToTiers') }}
      title={t('tiers.chooseType')}
      label={t('tiers.typeChoice')}
      columns={4}
      choices={TIER_CHOICES.map((choice) => ({
        key: choice,
        to: `/settings/tiers/add/${choice}`,
        title: t(`tiers.types.${choice}`),
        description: t(`tiers.providers.${choice}`),
      }))}
    />
  );
}
