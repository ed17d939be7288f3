import { describe, expect, it } from 'vitest';
import { MAX_OBJECT_SIZE } from '../../engine/object-layer.js';
import { assertCopySize } from './copy.js';

// A copy source over 5 GiB takes more disk than a test should write; the limit is checked
// here, on the sizes the handlers pass it.
describe('copy size limits', () => {
  it('CopyObject copies at most 5 GiB: InvalidRequest with the limit', () => {
    expect(() => assertCopySize(MAX_OBJECT_SIZE, 'object')).not.toThrow();
    expect(() => assertCopySize(MAX_OBJECT_SIZE + 1, 'object')).toThrow(
      expect.objectContaining({
        code: 'InvalidRequest',
        message:
          'The specified copy source is larger than the maximum allowable size for a copy source: 5368709120',
      }),
    );
  });

  it('UploadPartCopy makes parts of at most 5 GiB: EntityTooLarge', () => {
    expect(() => assertCopySize(MAX_OBJECT_SIZE, 'part')).not.toThrow();
    expect(() => assertCopySize(MAX_OBJECT_SIZE + 1, 'part')).toThrow(
      expect.objectContaining({ code: 'EntityTooLarge', status: 400 }),
    );
  });
});
