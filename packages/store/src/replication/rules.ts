import { storedTags } from '../format/object-tags.js';
import { listOf, objectOf, textOf, type XmlObject, xmlRoot } from '../wire/xml-parse.js';

// A bucket's replication rules, read from the stored ReplicationConfiguration (checked when
// it was put), and which of them a version falls under: per target, the enabled rule of
// highest priority whose filter (prefix, tags) matches, as MinIO picks it.

export interface ReplicationRule {
  id: string;
  priority: number;
  /** The remote target's ARN (the rule's destination, or the legacy Role). */
  arn: string;
  prefix: string;
  tags: { key: string; value: string }[];
  deleteMarkers: boolean;
  /** Deletes of a version id (MinIO's DeleteReplication extension). */
  versionDeletes: boolean;
  /** Versions written before the rule may be resynced (ExistingObjectReplication). */
  existingObjects: boolean;
}

const enabled = (rule: XmlObject, name: string): boolean =>
  rule[name] !== undefined && textOf(objectOf(rule[name]), 'Status') === 'Enabled';

function filterOf(r: XmlObject): { prefix: string; tags: { key: string; value: string }[] } {
  if (r.Filter === undefined) return { prefix: textOf(r, 'Prefix') ?? '', tags: [] };
  const f = objectOf(r.Filter);
  const scope = f.And === undefined ? f : objectOf(f.And);
  const tags = listOf(scope.Tag)
    .map(objectOf)
    .map((t) => ({ key: textOf(t, 'Key') ?? '', value: textOf(t, 'Value') ?? '' }));
  return { prefix: textOf(scope, 'Prefix') ?? '', tags };
}

/** The enabled rules of a stored document, highest priority first. */
export function replicationRules(xml: string): ReplicationRule[] {
  const root = xmlRoot(Buffer.from(xml), 'ReplicationConfiguration');
  const role = textOf(root, 'Role') ?? '';
  return listOf(root.Rule)
    .map(objectOf)
    .filter((r) => textOf(r, 'Status') === 'Enabled')
    .map((r) => ({
      id: textOf(r, 'ID') ?? '',
      priority: Number(textOf(r, 'Priority') ?? 0) || 0,
      arn: role || (textOf(objectOf(r.Destination), 'Bucket') ?? ''),
      ...filterOf(r),
      deleteMarkers: enabled(r, 'DeleteMarkerReplication'),
      versionDeletes: enabled(r, 'DeleteReplication'),
      existingObjects: enabled(r, 'ExistingObjectReplication'),
    }))
    .sort((a, b) => b.priority - a.priority);
}

/** The rules that apply to a key with these (stored, URL-encoded) tags: one per target. */
export function rulesFor(rules: readonly ReplicationRule[], key: string, tags: string): ReplicationRule[] {
  const have = storedTags(tags);
  const chosen = new Map<string, ReplicationRule>();
  for (const r of rules) {
    if (chosen.has(r.arn) || !key.startsWith(r.prefix)) continue;
    if (!r.tags.every((t) => have.some((h) => h.key === t.key && h.value === t.value))) continue;
    chosen.set(r.arn, r);
  }
  return [...chosen.values()];
}
