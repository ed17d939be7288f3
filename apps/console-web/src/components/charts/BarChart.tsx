import { Box, Group, Stack, Text } from '@mantine/core';
import { tokens } from '../../theme/tokens.js';
import { NoData } from './LineChart.js';
import { seriesColor } from './seriesColor.js';
import { type ChartProps, lastValue } from './types.js';

/** One horizontal bar per series, at its newest value, scaled to the largest. */
export function BarChart({ label, series, format }: ChartProps) {
  if (series.length === 0) return <NoData />;
  const values = series.map(lastValue);
  const top = Math.max(...values, 0) || 1;
  return (
    <Stack gap={6} role="list" aria-label={label}>
      {series.map((s, i) => (
        <Stack key={s.name} gap={2} role="listitem">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" truncate>
              {s.name}
            </Text>
            <Text size="xs" c={tokens.color['text-muted']}>
              {format(values[i] ?? 0)}
            </Text>
          </Group>
          <Box h={8} bg={tokens.color.border} style={{ borderRadius: 4 }}>
            <Box
              h={8}
              w={`${((values[i] ?? 0) / top) * 100}%`}
              bg={seriesColor(s.name)}
              style={{ borderRadius: 4 }}
            />
          </Box>
        </Stack>
      ))}
    </Stack>
  );
}
