import { describe, expect, it } from 'vitest';
import { formatPercent, healQuery, healthPercentages, initialHealForm, setForce } from './healFigures.js';

describe('heal figures', () => {
  it('percentages are shares of all items; nothing counted is all zero', () => {
    expect(healthPercentages({ Green: 6, Yellow: 2, Red: 1, Grey: 1 })).toEqual({
      Green: 60,
      Yellow: 20,
      Red: 10,
      Grey: 10,
    });
    expect(healthPercentages({ Green: 0, Yellow: 0, Red: 0, Grey: 0 })).toEqual({
      Green: 0,
      Yellow: 0,
      Red: 0,
      Grey: 0,
    });
    expect(formatPercent(100 / 3)).toBe('33.3');
    expect(formatPercent(100)).toBe('100');
  });

  it('Force Start and Force Stop clear each other; unchecking leaves the other alone', () => {
    const started = setForce(initialHealForm, 'forceStart', true);
    expect(started).toMatchObject({ forceStart: true, forceStop: false });
    const stopped = setForce(started, 'forceStop', true);
    expect(stopped).toMatchObject({ forceStart: false, forceStop: true });
    expect(setForce(stopped, 'forceStop', false)).toMatchObject({ forceStart: false, forceStop: false });
  });

  it('the socket query carries prefix, recursive and the force flags', () => {
    expect(
      healQuery({ ...initialHealForm, bucket: 'b', prefix: ' logs/ ', recursive: true, forceStop: true }),
    ).toEqual({
      prefix: 'logs/',
      recursive: 'true',
      'force-start': 'false',
      'force-stop': 'true',
    });
    expect(healQuery(initialHealForm)).not.toHaveProperty('prefix');
  });
});
