import { onTestFinished, vi } from 'vitest';

export interface SavedFile {
  name: string;
  blob: Blob;
}

/**
 * Records the files the page hands to the browser (saveFile: an object URL, then a click on a
 * link with a download name). jsdom has no object URLs, so the stand-ins are the whole path.
 */
export function captureDownloads(): SavedFile[] {
  const files: SavedFile[] = [];
  const blobs = new Map<string, Blob>();
  class CapturingURL extends URL {
    static override createObjectURL(blob: Blob): string {
      const href = `blob:test/${blobs.size}`;
      blobs.set(href, blob);
      return href;
    }
    static override revokeObjectURL(): void {}
  }
  vi.stubGlobal('URL', CapturingURL);
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = blobs.get(this.getAttribute('href') ?? '');
    if (blob) files.push({ name: this.download, blob });
  });
  onTestFinished(() => click.mockRestore());
  return files;
}

/** A Blob's bytes (jsdom's Blob has no arrayBuffer()). */
export function blobBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

export const blobText = async (blob: Blob): Promise<string> =>
  new TextDecoder().decode(await blobBytes(blob));

/** Records the URLs the page hands to the browser to download (saveFromUrl: a click on a link). */
export function captureSavedUrls(): string[] {
  const saved: string[] = [];
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.href);
  });
  onTestFinished(() => click.mockRestore());
  return saved;
}
