import { describe, expect, it } from 'vitest';
import { confirmationText, emptyJobForm, jobRequest, parseTags } from './jobForm.js';

describe('bulk job form', () => {
  const form = emptyJobForm('photos', '2024/');

  it('reads tags as key=value lines and refuses other lines', () => {
    expect(parseTags('team = blue\n\nenv=prod')).toEqual({ team: 'blue', env: 'prod' });
    expect(parseTags('')).toEqual({});
    expect(parseTags('team')).toBeUndefined();
    expect(parseTags('=blue')).toBeUndefined();
  });

  it('makes each kind its request, and none while a field is missing', () => {
    expect(jobRequest('photos', '2024/', form)).toEqual({
      kind: 'delete',
      bucket: 'photos',
      prefix: '2024/',
    });
    expect(jobRequest('photos', '2024/', { ...form, kind: 'move', destinationPrefix: '2025/' })).toEqual({
      kind: 'move',
      bucket: 'photos',
      prefix: '2024/',
      options: { destination: { bucket: 'photos', prefix: '2025/' } },
    });
    expect(jobRequest('photos', '2024/', { ...form, kind: 'copy', destinationBucket: '' })).toBeUndefined();
    expect(jobRequest('photos', '2024/', { ...form, kind: 'set-tags', tags: 'x' })).toBeUndefined();
    expect(jobRequest('photos', '2024/', { ...form, kind: 'set-retention' })).toBeUndefined();
    expect(
      jobRequest('photos', '2024/', { ...form, kind: 'set-retention', retainUntil: '2030-01-02' })?.options,
    ).toEqual({ retention: { mode: 'governance', until: '2030-01-02T00:00:00.000Z' } });
    expect(jobRequest('photos', '', { ...form, kind: 'set-legal-hold', legalHold: 'off' })?.options).toEqual({
      legal_hold: 'off',
    });
  });

  it('asks to retype the prefix, or the bucket for all of it', () => {
    expect(confirmationText('photos', '2024/')).toBe('2024/');
    expect(confirmationText('photos', '')).toBe('photos');
  });
});
