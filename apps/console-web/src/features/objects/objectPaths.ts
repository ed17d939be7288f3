// Where an object or folder lives in the browser's URL, and what its name says about it.
// Keys travel in the URL one encoded segment at a time, so '?', '#' and '%' survive; a
// folder's path ends in '/'.

/** /buckets/{bucket}/browse/{key…}: the browser's URL for a folder prefix or an object key. */
export function browsePath(bucket: string, key = ''): string {
  const encoded = key
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return `/buckets/${encodeURIComponent(bucket)}/browse${key ? `/${encoded}` : ''}`;
}

export const isFolder = (key: string) => key === '' || key.endsWith('/');

/** The last segment: "a/b/c.txt" → "c.txt", "a/b/" → "b". */
export function baseName(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** The folder a key is in: "a/b/c.txt" → "a/b/", "a/" → "". */
export function parentFolder(key: string): string {
  const trimmed = key.endsWith('/') ? key.slice(0, -1) : key;
  const cut = trimmed.lastIndexOf('/');
  return cut < 0 ? '' : trimmed.slice(0, cut + 1);
}

export interface Crumb {
  label: string;
  /** The folder prefix the crumb opens ('' is the bucket's root). */
  prefix: string;
}

/** The breadcrumb of a folder or object key, root first. */
export function crumbs(key: string): Crumb[] {
  const out: Crumb[] = [];
  let prefix = '';
  for (const segment of key.split('/')) {
    if (segment === '') continue;
    prefix += `${segment}/`;
    out.push({ label: segment, prefix });
  }
  // An object's last crumb is the object itself, not a folder.
  const last = out.at(-1);
  if (last && !isFolder(key)) last.prefix = key;
  return out;
}

/**
 * The folder a "Choose or create a new path" entry opens, below the current one: slashes at
 * the ends trimmed, empty segments dropped. null for a blank path (spec 001 §5).
 */
export function newFolderPath(current: string, entered: string): string | null {
  const segments = entered
    .trim()
    .split('/')
    .filter((s) => s.trim() !== '');
  if (segments.length === 0) return null;
  return `${current}${segments.join('/')}/`;
}

export const extensionOf = (key: string) => {
  const name = baseName(key);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
};

export type PreviewType = 'image' | 'text' | 'audio' | 'video';

/** Spec 001 §9: the extensions each preview kind accepts. */
export const PREVIEW_EXTENSIONS: Record<PreviewType, readonly string[]> = {
  image: [
    'jif',
    'jfif',
    'apng',
    'avif',
    'svg',
    'webp',
    'bmp',
    'ico',
    'jpg',
    'jpe',
    'jpeg',
    'gif',
    'png',
    'heic',
  ],
  text: ['pdf', 'txt'],
  audio: ['wav', 'mp3', 'alac', 'aiff', 'dsd', 'pcm'],
  video: ['mp4', 'avi', 'mpg', 'webm', 'mov', 'flv', 'mkv', 'wmv', 'avchd', 'mpeg-4'],
};

export function previewType(key: string): PreviewType | undefined {
  if (isFolder(key)) return undefined;
  const ext = extensionOf(key);
  return (Object.keys(PREVIEW_EXTENSIONS) as PreviewType[]).find((type) =>
    PREVIEW_EXTENSIONS[type].includes(ext),
  );
}

/** Spec 001 §9: downloads above this many bytes announce that they may take a while. */
export const DOWNLOAD_WARNING_BYTES = 104_857_600;
