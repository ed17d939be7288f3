import { Group } from '@mantine/core';
import { Legend } from './Legend.js';
import { NoData } from './LineChart.js';
import { seriesColor } from './seriesColor.js';
import { type ChartProps, lastValue } from './types.js';

const R = 50;

/** A ring of the series' newest values, with each share in the legend. */
export function PieChart({ label, series, format }: ChartProps) {
  const values = series.map(lastValue);
  const total = values.reduce((a, b) => a + b, 0);
  if (total <= 0) return <NoData />;
  const circumference = 2 * Math.PI * R;
  let offset = 0;
  return (
    <Group gap="md" wrap="nowrap">
      <svg role="img" aria-label={label} viewBox="-60 -60 120 120" width={110} height={110}>
        {series.map((s, i) => {
          const length = ((values[i] ?? 0) / total) * circumference;
          const arc = (
            <circle
              key={s.name}
              r={R}
              fill="none"
              stroke={seriesColor(s.name)}
              strokeWidth={16}
              strokeDasharray={`${length} ${circumference - length}`}
              strokeDashoffset={-offset}
              transform="rotate(-90)"
            />
          );
          offset += length;
          return arc;
        })}
      </svg>
      <Legend items={series.map((s, i) => ({ name: s.name, value: format(values[i] ?? 0) }))} />
    </Group>
  );
}
