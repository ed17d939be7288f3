import { Value } from 'typebox/value';
import { describe, expect, test } from 'vitest';
import { ADMIN_ACTIONS, CONSOLE_ACTIONS, isConsoleAction, S3_ACTIONS } from './actions.js';
import { CONSOLE_PAGES } from './permissions.js';
import { HasPermissionRequest } from './routes/permissions.js';

describe('console actions', () => {
  test('each list holds its own prefix, without repeats', () => {
    expect(S3_ACTIONS.every((a) => a.startsWith('s3:'))).toBe(true);
    expect(ADMIN_ACTIONS.every((a) => a.startsWith('admin:'))).toBe(true);
    expect(new Set(CONSOLE_ACTIONS).size).toBe(CONSOLE_ACTIONS.length);
  });

  test('every action a page rule names is a console action', () => {
    const named = Object.values(CONSOLE_PAGES).flatMap((rule) => rule.actions);
    expect(named.filter((a) => !isConsoleAction(a))).toEqual([]);
  });

  test('has-permission accepts the console actions and refuses anything else', () => {
    const ask = (action: string) => Value.Check(HasPermissionRequest, { actions: [{ id: 'x', action }] });
    expect(ask('s3:DeleteBucket')).toBe(true);
    expect(ask('admin:ServiceRestart')).toBe(true);
    expect(ask('s3:DeleteBukcet')).toBe(false);
    expect(ask('s3:*')).toBe(false);
  });
});
