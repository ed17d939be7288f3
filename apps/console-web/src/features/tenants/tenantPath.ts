/** The tenant detail route (spec 002 §2.4), its names encoded; `section` is a tab or `hop`. */
export function tenantPath(
  { namespace, name }: { namespace: string; name: string },
  section?: string,
): string {
  const base = `/namespaces/${encodeURIComponent(namespace)}/tenants/${encodeURIComponent(name)}`;
  return section ? `${base}/${section}` : base;
}
