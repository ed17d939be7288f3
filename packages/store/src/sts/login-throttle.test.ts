import { describe, expect, it } from 'vitest';
import { messageLogger } from '../observe/logger.js';
import type { ApiError } from '../wire/errors.js';
import { addressKey, type LoginAttempt, LoginThrottle } from './login-throttle.js';

const SETTINGS = {
  failuresPerName: 3,
  failuresPerAddress: 10,
  windowMs: 15 * 60_000,
  backoffMs: 60_000,
  maxBackoffMs: 10 * 60_000,
  maxEntries: 100,
};

function throttle(overrides: Partial<typeof SETTINGS> = {}) {
  let now = 1_000_000;
  const lines: string[] = [];
  const t = new LoginThrottle(
    { ...SETTINGS, ...overrides },
    messageLogger((l) => lines.push(l)),
    () => now,
  );
  return { t, lines, advance: (ms: number) => (now += ms) };
}

const attempt = (name: string, address = '192.0.2.1'): LoginAttempt => ({
  action: 'AssumeRoleWithLDAPIdentity',
  address,
  user: name,
  name: `ldap:${name}`,
});
const refusal = (f: () => void) => {
  try {
    f();
    return 'admitted';
  } catch (err) {
    const e = err as ApiError;
    return `${e.status} ${e.code} retry-after=${e.context.headers?.['Retry-After']}`;
  }
};

describe('LoginThrottle', () => {
  it('holds a name back after its failures, longer each time, and a success clears it', () => {
    const { t, advance } = throttle();
    for (let i = 0; i < 3; i++) {
      expect(refusal(() => t.admit(attempt('ada')))).toBe('admitted');
      t.failed(attempt('ada'), 'wrong password');
    }
    expect(refusal(() => t.admit(attempt('ada')))).toBe('503 SlowDown retry-after=60');
    expect(refusal(() => t.admit(attempt('bob')))).toBe('admitted');
    advance(60_001);
    // One more failure after a hold starts the next, twice as long.
    t.failed(attempt('ada'), 'wrong password');
    expect(refusal(() => t.admit(attempt('ada')))).toBe('503 SlowDown retry-after=120');
    advance(120_001);
    t.succeeded(attempt('ada'));
    t.failed(attempt('ada'), 'wrong password');
    expect(refusal(() => t.admit(attempt('ada')))).toBe('admitted');
  });

  it('holds an address back after failures under many names; exempt attempts are neither held nor counted', () => {
    const { t } = throttle();
    for (let i = 0; i < 10; i++) t.failed(attempt(`user${i}`), 'wrong password');
    expect(refusal(() => t.admit(attempt('someone-new')))).toBe('503 SlowDown retry-after=60');
    expect(refusal(() => t.admit(attempt('someone-new', '192.0.2.2')))).toBe('admitted');
    const root = { ...attempt('root', '127.0.0.1'), exempt: true };
    for (let i = 0; i < 50; i++) t.failed(root, 'wrong signature');
    expect(refusal(() => t.admit(root))).toBe('admitted');
    expect(refusal(() => t.admit({ ...root, exempt: false }))).toBe('admitted');
  });

  it('counts an attempt without a name against its address alone', () => {
    const { t } = throttle();
    const unnamed = (address: string): LoginAttempt => ({ action: 'AssumeRole', address, user: 'made-up' });
    for (let i = 0; i < 9; i++) t.failed(unnamed('192.0.2.1'), 'no such access key');
    expect(t.size).toEqual({ names: 0, addresses: 1 });
    expect(refusal(() => t.admit(attempt('made-up')))).toBe('admitted');
    t.failed(unnamed('192.0.2.1'), 'no such access key');
    expect(refusal(() => t.admit(unnamed('192.0.2.1')))).toBe('503 SlowDown retry-after=60');
  });

  it('logs a quiet failure (an S3 signature) only when it starts a hold, and admits addresses alone', () => {
    const { t, lines } = throttle({ failuresPerAddress: 3 });
    const signed = (address: string): LoginAttempt => ({
      action: 'signed request',
      address,
      user: 'AK',
      quiet: true,
    });
    expect(refusal(() => t.admitAddress('192.0.2.1'))).toBe('admitted');
    for (let i = 0; i < 3; i++) t.failed(signed('192.0.2.1'), 'The signature does not match.');
    expect(lines).toEqual([
      'auth: signature failed: signed request for "AK" from 192.0.2.1: The signature does not match.; the address is held back for 60 s',
    ]);
    expect(refusal(() => t.admitAddress('192.0.2.1'))).toBe('503 SlowDown retry-after=60');
    expect(refusal(() => t.admitAddress('192.0.2.2'))).toBe('admitted');
    expect(refusal(() => t.admit(attempt('ada', '192.0.2.1')))).toBe('503 SlowDown retry-after=60');
  });

  it('logs each failure with its address and the name, quoted', () => {
    const { t, lines } = throttle();
    t.failed(attempt('ada\nforged line'), 'the LDAP user name or password is wrong');
    expect(lines).toEqual([
      'sts: login failed: AssumeRoleWithLDAPIdentity for "ada\\nforged line" from 192.0.2.1: the LDAP user name or password is wrong',
    ]);
  });

  it('remembers a bounded number of names and addresses, however many an attacker uses', () => {
    const { t } = throttle();
    for (let i = 0; i < 5000; i++)
      t.failed(attempt(`${'x'.repeat(10_000)}${i}`, `10.0.${i >> 8}.${i & 255}`), 'no');
    expect(t.size).toEqual({ names: 100, addresses: 100 });
  });

  it('keeps a running hold however many other names and addresses fail after it', () => {
    const { t } = throttle();
    for (let i = 0; i < 10; i++) t.failed(attempt(`user${i}`, '198.51.100.7'), 'wrong password');
    for (let i = 0; i < 3; i++) t.failed(attempt('ada'), 'wrong password');
    expect(refusal(() => t.admit(attempt('ada', '192.0.2.9')))).toBe('503 SlowDown retry-after=60');
    expect(refusal(() => t.admit(attempt('bob', '198.51.100.7')))).toBe('503 SlowDown retry-after=60');
    // Junk failures, each under a new name from a new address (IPv6: a /48 holds 65,536 /64s).
    for (let i = 0; i < 250; i++) t.failed(attempt(`junk${i}`, `2001:db8:0:${i.toString(16)}::1`), 'no');
    expect(t.size).toEqual({ names: 100, addresses: 100 });
    expect(refusal(() => t.admit(attempt('ada', '192.0.2.9')))).toBe('503 SlowDown retry-after=60');
    expect(refusal(() => t.admit(attempt('bob', '198.51.100.7')))).toBe('503 SlowDown retry-after=60');
  });

  it('makes room among running holds by dropping the one that ends soonest', () => {
    const { t, advance } = throttle({ failuresPerName: 1, maxEntries: 3 });
    t.failed(attempt('ada', '192.0.2.1'), 'no');
    advance(61_000);
    t.failed(attempt('ada', '192.0.2.1'), 'no'); // a second hold: 120 s
    advance(1_000);
    t.failed(attempt('bob', '192.0.2.2'), 'no');
    advance(1_000);
    t.failed(attempt('cy', '192.0.2.3'), 'no');
    // Every name is held; ada was seen first, but bob's hold ends first.
    t.failed(attempt('dee', '192.0.2.4'), 'no');
    expect(refusal(() => t.admit(attempt('ada', '192.0.2.9')))).toBe('503 SlowDown retry-after=118');
    expect(refusal(() => t.admit(attempt('bob', '192.0.2.9')))).toBe('admitted');
    expect(refusal(() => t.admit(attempt('cy', '192.0.2.9')))).toBe('503 SlowDown retry-after=60');
  });

  it('keeps the failures of a name that is tried again over those of names not seen since', () => {
    const { t } = throttle({ maxEntries: 3 });
    for (let i = 0; i < 2; i++) t.failed(attempt('ada'), 'no');
    t.failed(attempt('bob'), 'no');
    t.failed(attempt('cy'), 'no');
    expect(refusal(() => t.admit(attempt('ada')))).toBe('admitted');
    t.failed(attempt('dee'), 'no');
    t.failed(attempt('ada'), 'no');
    expect(refusal(() => t.admit(attempt('ada')))).toBe('503 SlowDown retry-after=60');
  });

  it('counts IPv6 clients by their /64, IPv4-mapped ones as IPv4', () => {
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(addressKey('192.0.2.7')).toBe('192.0.2.7');
  });
});
