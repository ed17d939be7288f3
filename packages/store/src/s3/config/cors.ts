import { ApiError } from '../../wire/errors.js';
import { xmlReply } from '../../wire/reply.js';
import { textOf, type XmlObject } from '../../wire/xml-parse.js';
import { el, elAttrs, S3_NAMESPACE } from '../../wire/xml-writer.js';
import { KIB, type KindSpec, listOf, objectOf, storedAs, xmlRoot } from './kind.js';

// Kept structured (not as XML text) because preflight handling reads the rules.

export interface CorsRule {
  id?: string;
  allowedOrigins: string[];
  allowedMethods: string[];
  allowedHeaders: string[];
  exposeHeaders: string[];
  maxAgeSeconds?: number;
}

const METHODS = new Set(['GET', 'PUT', 'POST', 'DELETE', 'HEAD']);

function texts(obj: XmlObject, name: string): string[] {
  return listOf(obj[name]).map((v) => {
    if (typeof v !== 'string') throw new ApiError('MalformedXML');
    return v;
  });
}

function parseRule(obj: XmlObject): CorsRule {
  const rule: CorsRule = {
    allowedOrigins: texts(obj, 'AllowedOrigin'),
    allowedMethods: texts(obj, 'AllowedMethod'),
    allowedHeaders: texts(obj, 'AllowedHeader'),
    exposeHeaders: texts(obj, 'ExposeHeader'),
  };
  if (rule.allowedOrigins.length === 0 || rule.allowedMethods.length === 0)
    throw new ApiError('MalformedXML');
  for (const m of rule.allowedMethods) {
    if (!METHODS.has(m))
      throw new ApiError(
        'InvalidRequest',
        `Found unsupported HTTP method in CORS config. Unsupported method is ${m}`,
      );
  }
  for (const o of rule.allowedOrigins) {
    if (o.split('*').length > 2)
      throw new ApiError('InvalidRequest', `AllowedOrigin "${o}" can not have more than one wildcard.`);
  }
  for (const h of rule.allowedHeaders) {
    if (h.split('*').length > 2)
      throw new ApiError('InvalidRequest', `AllowedHeader "${h}" can not have more than one wildcard.`);
  }
  for (const h of rule.exposeHeaders) {
    if (h.includes('*'))
      throw new ApiError(
        'InvalidRequest',
        `ExposeHeader "${h}" contains wildcard. We currently do not support wildcard for ExposeHeader.`,
      );
  }
  const id = textOf(obj, 'ID');
  if (id !== undefined) {
    if (id.length > 255)
      throw new ApiError('InvalidArgument', 'ID length should not exceed allowed limit of 255');
    rule.id = id;
  }
  const maxAge = textOf(obj, 'MaxAgeSeconds');
  if (maxAge !== undefined) {
    // A 32-bit integer, as S3's schema has it.
    if (!/^\d{1,10}$/.test(maxAge) || Number(maxAge) > 2 ** 31 - 1) throw new ApiError('MalformedXML');
    rule.maxAgeSeconds = Number(maxAge);
  }
  return rule;
}

export const corsRules = (stored: unknown): CorsRule[] =>
  storedAs<{ rules: CorsRule[] }>(stored, (v) => Array.isArray(v.rules)).rules;

export const cors: KindSpec = {
  maxBody: 64 * KIB,
  missing: 'NoSuchCORSConfiguration',
  parse(body) {
    const doc = xmlRoot(body, 'CORSConfiguration');
    const rules = listOf(doc.CORSRule).map((r) => parseRule(objectOf(r)));
    if (rules.length === 0 || rules.length > 100) throw new ApiError('MalformedXML');
    return { rules };
  },
  render: (stored) =>
    xmlReply(
      elAttrs(
        'CORSConfiguration',
        { xmlns: S3_NAMESPACE },
        corsRules(stored).map((r) =>
          el(
            'CORSRule',
            r.id !== undefined ? el('ID', r.id) : null,
            r.allowedHeaders.map((h) => el('AllowedHeader', h)),
            r.allowedMethods.map((m) => el('AllowedMethod', m)),
            r.allowedOrigins.map((o) => el('AllowedOrigin', o)),
            r.exposeHeaders.map((h) => el('ExposeHeader', h)),
            r.maxAgeSeconds !== undefined ? el('MaxAgeSeconds', r.maxAgeSeconds) : null,
          ),
        ),
      ),
    ),
};
