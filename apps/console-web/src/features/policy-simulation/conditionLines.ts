/**
 * Condition values typed one per line as `key=value`; a key given twice gets both values.
 * Returns the first bad line (1-based) instead when a line is not key=value.
 */
export function parseConditionLines(
  text: string,
): { conditions: Record<string, string[]> } | { badLine: number } {
  const conditions: Record<string, string[]> = {};
  const lines = text.split('\n');
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const eq = line.indexOf('=');
    const key = line.slice(0, eq).trim();
    if (eq <= 0 || !/^[A-Za-z0-9-]+:[A-Za-z0-9/_.-]+$/.test(key)) return { badLine: index + 1 };
    const values = conditions[key] ?? [];
    values.push(line.slice(eq + 1).trim());
    conditions[key] = values;
  }
  return { conditions };
}
