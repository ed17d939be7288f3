import { parseDocument } from 'yaml';

/**
 * The edited text carrying the fresh object's resourceVersion, so a save applies the user's
 * edits on top of the tenant as it is now; unreadable text is returned unchanged.
 */
export function rebaseYaml(edited: string, fresh: string): string {
  const version = parseDocument(fresh).getIn(['metadata', 'resourceVersion']);
  const doc = parseDocument(edited);
  if (doc.errors.length > 0 || version === undefined) return edited;
  doc.setIn(['metadata', 'resourceVersion'], version);
  return doc.toString();
}
