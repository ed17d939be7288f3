import { Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '../../components/BackLink.js';
import { TIER_CHOICES } from './tierRules.js';

/** Spec 002 §2.1: Add Tier first asks for the type (MinIO, GCS, S3, Azure). */
export function TierTypeChoice() {
  const { t } = useTranslation();
  return (
    <Stack>
      <BackLink to="/settings/tiers" label={t('tiers.backToTiers')} />
      <Title order={2} size="h3">
        {t('tiers.chooseType')}
      </Title>
      <SimpleGrid
        component="ul"
        aria-label={t('tiers.typeChoice')}
        cols={{ base: 1, sm: 2, lg: 4 }}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {TIER_CHOICES.map((choice) => (
          <li key={choice}>
            <UnstyledButton component={Link} to={`/settings/tiers/add/${choice}`} w="100%">
              <Paper withBorder p="lg">
                <Text fw={600}>{t(`tiers.types.${choice}`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`tiers.providers.${choice}`)}
                </Text>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
