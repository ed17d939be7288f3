// How an optional version id reaches the S3 SDK, whose calls disagree on the shape.

/** For calls that send every option as a query parameter: no version id means the latest. */
export function versionQuery(versionId: string | undefined): { versionId?: string } {
  return versionId ? { versionId } : {};
}

/** For calls whose option types require the field; they send it only when non-empty. */
export function versionField(versionId: string | undefined): { versionId: string } {
  return { versionId: versionId ?? '' };
}
