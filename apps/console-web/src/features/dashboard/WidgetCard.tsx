import { Paper, Stack, Text, Title } from '@mantine/core';
import type { Widget } from '@stowage/contract';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/BarChart.js';
import { LineChart } from '../../components/charts/LineChart.js';
import { PieChart } from '../../components/charts/PieChart.js';
import { lastValue } from '../../components/charts/types.js';
import { tokens } from '../../theme/tokens.js';
import { formatWidgetValue } from './widgetLayout.js';

/** One panel: its title and the chart its type names. */
export function WidgetCard({ widget }: { widget: Widget }) {
  const { t } = useTranslation();
  const format = (v: number) => formatWidgetValue(widget.unit, v, (value) => t('dashboard.cores', { value }));
  const chart = { label: widget.title, series: widget.series, format };
  const total = widget.series.reduce((sum, s) => sum + lastValue(s), 0);
  return (
    <Paper
      withBorder
      p="md"
      h="100%"
      bg={tokens.color['bg-surface']}
      component="section"
      aria-label={widget.title}
    >
      <Stack gap="xs">
        <Title order={3} size="sm" c={tokens.color['text-muted']}>
          {widget.title}
        </Title>
        {widget.type === 'singleValue' && (
          <Text fz="1.6rem" fw={700}>
            {widget.series.length === 0 ? t('charts.noData') : format(total)}
          </Text>
        )}
        {widget.type === 'singleRep' && (
          <>
            <Text fz="1.6rem" fw={700}>
              {widget.series.length === 0 ? t('charts.noData') : format(total)}
            </Text>
            <LineChart {...chart} compact />
          </>
        )}
        {widget.type === 'linearGraph' && <LineChart {...chart} />}
        {widget.type === 'barChart' && <BarChart {...chart} />}
        {widget.type === 'pieChart' && <PieChart {...chart} />}
      </Stack>
    </Paper>
  );
}
