import { describe, expect, it } from 'vitest';
import { decodeIamDocument, encodeIamDocument } from './iam.js';
import { RecordFormatError } from './record.js';

// IAM documents are `{v: 1, items}`; service accounts of external (LDAP, OpenID) users came
// later as optional fields, so documents written before them still read as they were.

const written = {
  v: 1,
  items: {
    AKIAOLDACCOUNT01: {
      secretKey: 'old-secret-key-0123456789',
      parent: 'alice',
      status: 'on',
      createdAt: '2026-01-02T03:04:05.000Z',
      comment: 'made before external parents',
    },
  },
};

describe('IAM service account documents', () => {
  it('reads a document written before external parents as it was', () => {
    expect(decodeIamDocument('serviceAccounts', written)).toEqual(written.items);
  });

  it("keeps an external parent's provider, groups, policy names and subject", () => {
    const items = {
      AKIALDAPACCOUNT1: {
        secretKey: 'ldap-secret-key-0123456789',
        parent: 'uid=bob,ou=people,dc=example,dc=org',
        status: 'on' as const,
        createdAt: '2026-11-26T00:00:00.000Z',
        idp: 'ldap' as const,
        groups: ['cn=writers,ou=groups,dc=example,dc=org'],
      },
      AKIAOIDCACCOUNT1: {
        secretKey: 'oidc-secret-key-0123456789',
        parent: 'openid:olga:https://issuer.example',
        status: 'off' as const,
        createdAt: '2026-11-26T00:00:00.000Z',
        idp: 'openid' as const,
        policies: ['readonly'],
        subject: 'olga',
      },
    };
    const stored = JSON.parse(JSON.stringify(encodeIamDocument<'serviceAccounts'>(items)));
    expect(decodeIamDocument('serviceAccounts', stored)).toEqual(items);
  });

  it('refuses an unknown provider and groups that are not strings', () => {
    const bad = (extra: object) => ({
      v: 1,
      items: { K: { ...written.items.AKIAOLDACCOUNT01, ...extra } },
    });
    expect(() => decodeIamDocument('serviceAccounts', bad({ idp: 'kerberos' }))).toThrow(RecordFormatError);
    expect(() => decodeIamDocument('serviceAccounts', bad({ groups: [1] }))).toThrow(RecordFormatError);
  });
});
