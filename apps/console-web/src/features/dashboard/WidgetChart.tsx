import { Text } from '@mantine/core';
import type { Widget } from '@stowage/contract';
import { useTranslation } from 'react-i18next';
import { BarChart } from '../../components/charts/BarChart.js';
import { LineChart } from '../../components/charts/LineChart.js';
import { PieChart } from '../../components/charts/PieChart.js';
import { lastValue } from '../../components/charts/types.js';
import { formatWidgetValue } from './widgetLayout.js';
import { useWidgetTitle } from './widgetTitle.js';

/** One widget's data drawn as its type names. */
export function WidgetChart({ widget }: { widget: Widget }) {
  const { t } = useTranslation();
  const format = (v: number) => formatWidgetValue(widget.unit, v, (value) => t('dashboard.cores', { value }));
  const title = useWidgetTitle(widget);
  const chart = { label: title, series: widget.series, format };
  const total = widget.series.reduce((sum, s) => sum + lastValue(s), 0);
  const reading = (
    <Text fz="1.6rem" fw={700}>
      {widget.series.length === 0 ? t('charts.noData') : format(total)}
    </Text>
  );
  switch (widget.type) {
    case 'singleValue':
      return reading;
    case 'singleRep':
      return (
        <>
          {reading}
          <LineChart {...chart} compact />
        </>
      );
    case 'linearGraph':
      return <LineChart {...chart} />;
    case 'barChart':
      return <BarChart {...chart} />;
    case 'pieChart':
      return <PieChart {...chart} />;
  }
}
