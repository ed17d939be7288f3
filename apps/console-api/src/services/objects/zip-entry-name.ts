/**
 * An object key, relative to the folder being zipped, as a ZIP entry name that every unzip tool
 * extracts inside the folder it unzips into. S3 keys are any string: `dir//x`, `../x`, `./x`,
 * `C:x` or `a\b` would name an absolute path, climb out of the target folder (zip slip), or be
 * refused by the ZIP writer and end the whole download. Each such piece is renamed instead:
 * an empty or dot segment becomes underscores, a backslash (a separator on Windows) and
 * control characters become `_`, and a drive letter is prefixed with `_`.
 */
export function zipEntryName(relative: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it removes
  const cleaned = relative.replace(/[\\\u0000-\u001f\u007f]/g, '_');
  const segments = cleaned.split('/').map((segment) => {
    if (segment === '') return '_';
    if (/^\.+$/.test(segment) && segment.length <= 2) return '_'.repeat(segment.length);
    return segment;
  });
  if (/^[a-zA-Z]:/.test(segments[0] ?? '')) segments[0] = `_${segments[0]}`;
  return segments.join('/');
}
