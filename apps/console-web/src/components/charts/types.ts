export interface ChartSeries {
  name: string;
  /** [unix seconds, value] points. */
  values: readonly (readonly [number, number])[];
}

export interface ChartProps {
  /** Accessible name: the widget's title. */
  label: string;
  series: readonly ChartSeries[];
  format: (value: number) => string;
}

/** The newest value of a series (the instant widgets' reading). */
export const lastValue = (s: ChartSeries): number => s.values.at(-1)?.[1] ?? 0;
