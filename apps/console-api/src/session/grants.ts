import type { ActionGrants } from '@stowage/contract';

interface Statement {
  Effect?: unknown;
  Action?: unknown;
  NotAction?: unknown;
  Resource?: unknown;
  NotResource?: unknown;
  Condition?: unknown;
}

/** A policy statement as the console keeps it in a session, to answer has-permission. */
export interface PolicyRule {
  effect: 'Allow' | 'Deny';
  actions: string[];
  /** true when the statement lists NotAction: it covers every action except these. */
  notAction: boolean;
  /** Empty means every resource. */
  resources: string[];
  notResource: boolean;
  conditional: boolean;
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

/** The effective policy's statements, normalised; statements that do not parse are dropped. */
export function rulesFromPolicy(policy: unknown): PolicyRule[] {
  return asStatements(policy).flatMap((st): PolicyRule[] => {
    if (st.Effect !== 'Allow' && st.Effect !== 'Deny') return [];
    const notAction = st.NotAction !== undefined;
    const notResource = st.NotResource !== undefined;
    return [
      {
        effect: st.Effect,
        actions: asList(notAction ? st.NotAction : st.Action),
        notAction,
        resources: asList(notResource ? st.NotResource : st.Resource),
        notResource,
        conditional:
          st.Condition !== undefined && st.Condition !== null && Object.keys(st.Condition).length > 0,
      },
    ];
  });
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
