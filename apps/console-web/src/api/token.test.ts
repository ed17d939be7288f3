import { afterEach, describe, expect, test } from 'vitest';
import { setBasePath } from './basePath.js';
import { clearToken, getToken, setToken, tokenKey } from './token.js';

describe('where the CSRF token is kept', () => {
  afterEach(() => {
    setBasePath('');
    localStorage.clear();
  });

  test("under `token` (spec 000 §9), whatever the console's own base path", () => {
    expect(tokenKey('')).toBe('token');
    expect(tokenKey('/console')).toBe('token');
    setBasePath('/console');
    setToken('abc');
    expect(localStorage.getItem('token')).toBe('abc');
  });

  test("a tenant console framed through the operator's proxy keeps its own, leaving the operator's", () => {
    localStorage.setItem('token', 'operator-token');
    setBasePath('/api/proxy/ns-a/tenant-a');
    expect(tokenKey()).toBe('token:/api/proxy/ns-a/tenant-a');
    setToken('tenant-token');
    expect(getToken()).toBe('tenant-token');
    clearToken();
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('token')).toBe('operator-token');
    expect(tokenKey('/console/api/proxy/ns-a/tenant-a')).toBe('token:/console/api/proxy/ns-a/tenant-a');
  });

  test("each of several deployments in one console keeps its own, leaving the root one's", () => {
    localStorage.setItem('token', 'root-token');
    setBasePath('/console/d/eu');
    expect(tokenKey()).toBe('token:/console/d/eu');
    setToken('eu-token');
    expect(getToken()).toBe('eu-token');
    clearToken();
    expect(localStorage.getItem('token')).toBe('root-token');
    expect(tokenKey('/d/lab-2')).toBe('token:/d/lab-2');
    expect(tokenKey('/d')).toBe('token');
  });
});
