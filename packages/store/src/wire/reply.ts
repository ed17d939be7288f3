import type { Readable } from 'node:stream';
import type { XmlElement } from './xml-writer.js';

/** What a handler returns; only the response writer turns it into bytes. */
export type ReplyBody =
  | { type: 'xml'; value: XmlElement }
  | { type: 'json'; value: unknown }
  | { type: 'bytes'; value: Buffer; contentType?: string }
  | { type: 'stream'; value: Readable };

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: ReplyBody;
}

export const xmlReply = (value: XmlElement, status = 200, headers?: Record<string, string>): Reply => ({
  status,
  body: { type: 'xml', value },
  ...(headers ? { headers } : {}),
});

export const jsonReply = (value: unknown, status = 200): Reply => ({ status, body: { type: 'json', value } });

export const emptyReply = (status = 200, headers?: Record<string, string>): Reply => ({
  status,
  ...(headers ? { headers } : {}),
});
