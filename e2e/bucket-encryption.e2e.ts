import { randomBytes } from 'node:crypto';
import {
  CreateBucketCommand,
  GetBucketEncryptionCommand,
  HeadObjectCommand,
  PutObjectCommand,
} from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type AxeViolation, axeViolations } from './support/axe.js';
import { screenshot } from './support/browser.js';
import { pageInScheme, stackAndBrowser } from './support/session.js';
import { rootS3 } from './support/stack.js';

// Bucket encryption with SSE-KMS (issue 36): `stowage start` given a KMS key by environment,
// the key set from the Summary's dialog, read back by S3, and never rewritten unasked.

const KEY_NAME = 'e2e-key';
const { stack, browser } = stackAndBrowser({
  STOWAGE_KMS_SECRET_KEY: `${KEY_NAME}:${randomBytes(32).toString('base64')}`,
});
let s3: ReturnType<typeof rootS3>;
beforeAll(async () => {
  s3 = rootS3(stack());
  await s3.send(new CreateBucketCommand({ Bucket: 'e2e-kms' }));
});
afterAll(() => s3?.destroy());

const bucketDefault = async () =>
  (await s3.send(new GetBucketEncryptionCommand({ Bucket: 'e2e-kms' }))).ServerSideEncryptionConfiguration
    ?.Rules?.[0]?.ApplyServerSideEncryptionByDefault;

describe('Enable Bucket Encryption with SSE-KMS', () => {
  test('sets SSE-KMS with its key, reopens as KMS, saves unchanged without a write; both themes, axe clean', async () => {
    const report: Record<string, AxeViolation[]> = {};
    for (const scheme of ['light', 'dark'] as const) {
      const page = await pageInScheme(browser(), stack(), scheme);
      await page.goto(`${stack().consoleUrl}/buckets/e2e-kms/admin/summary`);
      const encryption = page.getByRole('region', { name: 'Encryption' });
      await encryption.getByRole('button', { name: 'Edit Encryption' }).click();
      const dialog = page.getByRole('dialog', { name: 'Enable Bucket Encryption' });
      await dialog.waitFor();
      const keyId = dialog.getByRole('textbox', { name: /KMS Key ID/ });
      if (scheme === 'light') {
        await dialog.getByRole('combobox', { name: 'Encryption Type' }).click();
        await page.getByRole('option', { name: 'SSE-KMS' }).click();
        await keyId.fill(KEY_NAME);
      } else {
        // Opened again: the bucket's own setting, KMS with its key.
        expect(await dialog.getByRole('combobox', { name: 'Encryption Type' }).inputValue()).toBe('SSE-KMS');
        expect(await keyId.inputValue()).toBe(KEY_NAME);
      }
      report[scheme] = await axeViolations(page);
      await screenshot(page, `37-${scheme}-bucket-encryption-kms`);
      const writes: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/encryption/') && r.method() === 'POST') writes.push(r.url());
      });
      await dialog.getByRole('button', { name: 'Save' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await encryption.getByText(`sse-kms (${KEY_NAME})`).waitFor();
      expect(writes).toHaveLength(scheme === 'light' ? 1 : 0);
      expect(await bucketDefault()).toEqual({ SSEAlgorithm: 'aws:kms', KMSMasterKeyID: KEY_NAME });
      await page.context().close();
    }
    expect(report).toEqual({ light: [], dark: [] });

    await s3.send(new PutObjectCommand({ Bucket: 'e2e-kms', Key: 'note.txt', Body: 'sealed' }));
    const head = await s3.send(new HeadObjectCommand({ Bucket: 'e2e-kms', Key: 'note.txt' }));
    expect([head.ServerSideEncryption, head.SSEKMSKeyId]).toEqual(['aws:kms', `arn:aws:kms:${KEY_NAME}`]);
  });
});
