// Prometheus text exposition format (version 0.0.4), read just far enough for the metrics
// the dashboard uses: `name{label="value",…} number [timestamp]` lines; comments skipped.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const unescapeLabel = (s: string) => s.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  const re = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*,?/gy;
  for (let m = re.exec(text); m; m = re.exec(text)) labels[m[1]!] = unescapeLabel(m[2]!);
  return labels;
}

/** The samples of the metrics `wanted` names (all when undefined); malformed lines are skipped. */
export function parseExposition(text: string, wanted?: ReadonlySet<string>): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const nameEnd = line.search(/[{\s]/);
    if (nameEnd <= 0) continue;
    const name = line.slice(0, nameEnd);
    if (wanted && !wanted.has(name)) continue;
    let rest = line.slice(nameEnd);
    let labels: Record<string, string> = {};
    if (rest.startsWith('{')) {
      const close = rest.lastIndexOf('}');
      if (close < 0) continue;
      labels = parseLabels(rest.slice(1, close));
      rest = rest.slice(close + 1);
    }
    const value = Number(rest.trim().split(/\s+/)[0]);
    if (Number.isNaN(value) && !/NaN/.test(rest)) continue;
    out.push({ name, labels, value });
  }
  return out;
}
