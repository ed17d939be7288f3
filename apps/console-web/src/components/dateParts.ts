// Spec 001 §5 date picker: month, day and year selects that must form a real calendar date.

export interface DateParts {
  year: number;
  month: number;
  day: number;
}

/** Years offered: this one and the next 24. */
export const DATE_YEARS = 25;

/** Checked by a round trip: 31 April comes back as 1 May, so it is not a date. */
export function isCalendarDate(year: number, month: number, day: number): boolean {
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

export const isRealDate = (parts: DateParts | undefined): parts is DateParts =>
  parts !== undefined && isCalendarDate(parts.year, parts.month, parts.day);

/** The parts of a local date, for a selector's initial value. */
export const partsOf = (date: Date): DateParts => ({
  year: date.getFullYear(),
  month: date.getMonth() + 1,
  day: date.getDate(),
});
