import { describe, expect, it } from 'vitest';
import type { Identity } from './credentials.js';
import { rightsAllow, rightsOf } from './rights.js';
import type { IamStore } from './store.js';

// Root is not looked up in the IAM store: none is needed to judge its credentials.
const noIam = {} as IamStore;
const session = (sessionPolicy: string): Identity => ({
  accessKey: 'TEMP',
  secretKey: 'secret',
  kind: 'temporary',
  parent: 'root',
  sessionPolicy,
});
const facts = {
  action: 's3:GetObject',
  resource: 'arn:aws:s3:::b/k',
  principal: { type: 'anonymous' as const },
  conditions: {},
};

describe('rights of narrowed credentials', () => {
  it('a session policy allows what it says, within its user', () => {
    const allowAll = JSON.stringify({
      Version: '2012-10-17',
      Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: ['arn:aws:s3:::b/*'] }],
    });
    expect(rightsAllow(rightsOf(noIam, session(allowAll), 'root'), facts)).toBe(true);
  });

  it('a stored session policy that no longer parses allows nothing, and does not throw', () => {
    for (const stored of [
      '{"Version":"2012-10-17"}',
      '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":["s3:Nope"],"Resource":["*"]}]}',
    ])
      expect(rightsAllow(rightsOf(noIam, session(stored), 'root'), facts)).toBe(false);
  });
});
