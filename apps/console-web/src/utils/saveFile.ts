/** Hands a file made in the page to the browser's download; nothing is kept after the click. */
export function saveFile(name: string, content: BlobPart, type: string): void {
  const href = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}

/** `trace-2026-11-28T14-07-09.json`: a name that sorts by time and is safe on every system. */
export function timestampedName(prefix: string, extension: string, at = new Date()): string {
  return `${prefix}-${at.toISOString().slice(0, 19).replace(/:/g, '-')}.${extension}`;
}
