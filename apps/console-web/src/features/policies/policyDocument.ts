// Reading IAM policy documents for the screens: the statements the Summary tab lists.
// (Validation before a save is the studio's lintPolicy.)

export interface StatementSummary {
  effect: string;
  actions: string[];
  resources: string[];
}

const list = (value: unknown): string[] =>
  value === undefined ? [] : (Array.isArray(value) ? value : [value]).map((v) => String(v));

/** Each statement's Effect, Actions and Resources; NotAction and NotResource are marked. */
export function statementsOf(text: string): StatementSummary[] {
  let parsed: { Statement?: unknown };
  try {
    parsed = JSON.parse(text) as { Statement?: unknown };
  } catch {
    return [];
  }
  const statements = Array.isArray(parsed.Statement)
    ? parsed.Statement
    : parsed.Statement
      ? [parsed.Statement]
      : [];
  return statements.map((s: Record<string, unknown>) => ({
    effect: String(s.Effect ?? ''),
    actions: [...list(s.Action), ...list(s.NotAction).map((a) => `NOT ${a}`)],
    resources: [...list(s.Resource), ...list(s.NotResource).map((r) => `NOT ${r}`)],
  }));
}

/** Two-space indented, as the editor shows documents. */
export function prettyPolicy(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}
