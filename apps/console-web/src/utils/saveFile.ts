/** Hands a file to the browser as a download; nothing is kept after the click. */
export function saveFile(content: BlobPart, name: string, type: string): void {
  const href = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(href);
}
