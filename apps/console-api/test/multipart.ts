import { randomBytes } from 'node:crypto';

/** A multipart/form-data body as a browser sends it: one file part per entry. */
export function multipartForm(
  files: { field: string; filename?: string; type?: string; body: Buffer | string }[],
) {
  const boundary = `----stowage${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const f of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename ?? f.field}"\r\n` +
          `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(f.body) ? f.body : Buffer.from(f.body),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
