import type { ActionGrants } from '@stowage/contract';

interface Statement {
  Effect?: unknown;
  Action?: unknown;
  Resource?: unknown;
  Condition?: unknown;
}

const asList = (v: unknown): string[] =>
  typeof v === 'string' ? [v] : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

const WHOLE_ACCOUNT = new Set(['*', 'arn:aws:s3:::*']);

/**
 * Reduce an effective policy (AccountInfo.Policy) to action patterns. Allows count whatever
 * their resource; a deny counts only when it covers every resource unconditionally, because a
 * deny on one prefix must not hide a whole page. The server enforces the fine detail anyway.
 */
export function grantsFromPolicy(policy: unknown): ActionGrants {
  const statements = asStatements(policy);
  const allow: string[] = [];
  const deny: string[] = [];
  for (const st of statements) {
    const actions = asList(st.Action);
    if (st.Effect === 'Allow') allow.push(...actions);
    else if (st.Effect === 'Deny') {
      const resources = asList(st.Resource);
      const everywhere = resources.length === 0 || resources.some((r) => WHOLE_ACCOUNT.has(r));
      if (everywhere && st.Condition === undefined) deny.push(...actions);
    }
  }
  return { allow: [...new Set(allow)], deny: [...new Set(deny)] };
}

function asStatements(policy: unknown): Statement[] {
  let doc = policy;
  if (typeof doc === 'string') {
    try {
      doc = JSON.parse(doc);
    } catch {
      return [];
    }
  }
  if (!doc || typeof doc !== 'object') return [];
  const raw = (doc as { Statement?: unknown }).Statement;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.filter((s): s is Statement => !!s && typeof s === 'object');
}
