import { Box, Group, Stack, Text, Title } from '@mantine/core';
import type { HealthColours } from '@stowage/contract';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../theme/tokens.js';
import { formatPercent, HEALTH_CATEGORIES, type HealthCategory, healthPercentages } from './healFigures.js';

/** The four categories in the theme's semantic colours (light and dark). */
const CATEGORY_COLOUR: Record<HealthCategory, string> = {
  Green: tokens.color.success,
  Yellow: tokens.color.warning,
  Red: tokens.color.danger,
  Grey: tokens.color['text-muted'],
};

const BAR_HEIGHT = 12;

/** Spec 002 §2.12: horizontal bars of each category's share, before and after healing. */
export function HealthChart({ before, after }: { before: HealthColours; after: HealthColours }) {
  const { t } = useTranslation();
  const shares = { before: healthPercentages(before), after: healthPercentages(after) };
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" id="heal-chart-title">
        {t('heal.chartTitle')}
      </Title>
      <Stack gap="xs" role="list" aria-labelledby="heal-chart-title">
        {HEALTH_CATEGORIES.map((category) => (
          <Stack key={category} gap={2}>
            <Text size="sm" fw={600}>
              {t(`heal.colours.${category}`)}
            </Text>
            {(['before', 'after'] as const).map((when) => {
              const percent = shares[when][category];
              const label = t('heal.bar', {
                colour: t(`heal.colours.${category}`),
                when: t(`heal.${when}`),
                percent: formatPercent(percent),
              });
              return (
                <Group key={when} gap="xs" wrap="nowrap" role="listitem" aria-label={label}>
                  <Text size="xs" c="dimmed" w="7rem" aria-hidden>
                    {t(`heal.${when}`)}
                  </Text>
                  <Box
                    h={BAR_HEIGHT}
                    bg={tokens.color.border}
                    style={{ flex: 1, borderRadius: 4 }}
                    aria-hidden
                  >
                    <Box
                      h={BAR_HEIGHT}
                      w={`${percent}%`}
                      bg={CATEGORY_COLOUR[category]}
                      style={{ borderRadius: 4, opacity: when === 'before' ? 0.6 : 1 }}
                      data-category={category}
                      data-when={when}
                    />
                  </Box>
                  <Text size="xs" w="3.5rem" ta="right" aria-hidden>
                    {formatPercent(percent)}%
                  </Text>
                </Group>
              );
            })}
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
