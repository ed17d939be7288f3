import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { tokens } from '../../theme/tokens.js';
import { formatClock } from '../../utils/format.js';
import { Legend } from './Legend.js';
import { seriesColor } from './seriesColor.js';
import { type ChartProps, lastValue } from './types.js';

const W = 400;
const H = 140;

/** Lines over time, scaled to the range's highest value; `compact` draws a bare sparkline. */
export function LineChart({ label, series, format, compact = false }: ChartProps & { compact?: boolean }) {
  const { t } = useTranslation();
  const points = series.flatMap((s) => s.values);
  if (points.length === 0) return <NoData />;
  const t0 = Math.min(...points.map((p) => p[0]));
  const t1 = Math.max(...points.map((p) => p[0]));
  const top = Math.max(...points.map((p) => p[1]), 0) || 1;
  const x = (t: number) => (t1 === t0 ? W / 2 : ((t - t0) / (t1 - t0)) * W);
  const y = (v: number) => H - (v / top) * (H - 4) - 2;
  const height = compact ? 40 : H;

  return (
    <Stack gap={4}>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${W} ${H}`}
        preserveAspectRatio="none"
        width="100%"
        height={height}
      >
        {!compact && <line x1={0} x2={W} y1={H - 1} y2={H - 1} stroke={tokens.color.border} />}
        {series.map((s) =>
          s.values.length === 1 ? (
            // One reading so far: a dot where the line will start.
            <circle
              key={s.name}
              cx={x(s.values[0]?.[0] ?? t0)}
              cy={y(s.values[0]?.[1] ?? 0)}
              r={3}
              fill={seriesColor(s.name)}
              vectorEffect="non-scaling-stroke"
            />
          ) : (
            <polyline
              key={s.name}
              fill="none"
              stroke={seriesColor(s.name)}
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
              points={s.values.map(([t, v]) => `${x(t)},${y(v)}`).join(' ')}
            />
          ),
        )}
      </svg>
      {!compact && (
        <>
          <Text size="xs" c={tokens.color['text-muted']}>
            {t('charts.range', { from: formatClock(t0), to: formatClock(t1), max: format(top) })}
          </Text>
          <Legend items={series.map((s) => ({ name: s.name, value: format(lastValue(s)) }))} />
        </>
      )}
    </Stack>
  );
}

export function NoData() {
  const { t } = useTranslation();
  return (
    <Text size="sm" c={tokens.color['text-muted']}>
      {t('charts.noData')}
    </Text>
  );
}
