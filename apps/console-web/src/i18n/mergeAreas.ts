/**
 * One language's texts: the exports of every area file in its folder, merged. Each area file is
 * typed against its English area (`Translation<typeof en, L>`), and completeness.test.ts checks the
 * merged whole against English, so a new area needs no registration in the other languages.
 */
export function mergeAreas<T>(modules: Record<string, Record<string, object>>): T {
  return Object.assign({}, ...Object.values(modules).flatMap((areas) => Object.values(areas))) as T;
}
