// Every key of every bucket, as whole-store work walks them (a drive filled again, the
// bitrot scan): a page of keys at a time, so that no walk holds a bucket's listing.

export interface KeySource {
  listBuckets(): Promise<{ name: string }[]>;
  /** A page of the bucket's keys after `after`: every key any drive holds. */
  keysToHeal(bucket: string, prefix: string, after: string | undefined, max: number): Promise<string[]>;
}

export async function* everyKey(
  source: KeySource,
  page = 1000,
): AsyncGenerator<{ bucket: string; key: string }> {
  for (const { name: bucket } of await source.listBuckets()) {
    let after: string | undefined;
    for (;;) {
      const keys = await source.keysToHeal(bucket, '', after, page);
      for (const key of keys) yield { bucket, key };
      if (keys.length < page) break;
      after = keys.at(-1);
    }
  }
}
