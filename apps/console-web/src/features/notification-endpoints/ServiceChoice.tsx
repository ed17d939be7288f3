import { Paper, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackLink } from '../../components/BackLink.js';
import { SERVICE_CHOICES } from './serviceFields.js';

/** Spec 002 §2.1, slide 1: the supported services, each opening its form. */
export function ServiceChoice() {
  const { t } = useTranslation();
  return (
    <Stack>
      <BackLink to="/settings/notifications" label={t('notifications.backToList')} />
      <Title order={2} size="h3">
        {t('notifications.chooseService')}
      </Title>
      <SimpleGrid
        component="ul"
        aria-label={t('notifications.serviceChoice')}
        cols={{ base: 1, sm: 2, lg: 5 }}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {SERVICE_CHOICES.map((service) => (
          <li key={service}>
            <UnstyledButton component={Link} to={`/settings/notifications/add/${service}`} w="100%">
              <Paper withBorder p="lg">
                <Text fw={600}>{t(`notifications.services.${service}`)}</Text>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
