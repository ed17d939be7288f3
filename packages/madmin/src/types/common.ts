/** Go time.Time in JSON: RFC 3339, nanoseconds trimmed; the zero time is "0001-01-01T00:00:00Z". */
export type GoTime = string;

/** Go time.Duration in JSON: an integer number of nanoseconds. */
export type GoDurationNs = number;

export const ZERO_TIME: GoTime = '0001-01-01T00:00:00Z';
