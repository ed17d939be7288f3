import { describe, expect, it } from 'vitest';
import { parseConditionLines } from './conditionLines.js';

describe('parseConditionLines', () => {
  it('reads key=value lines, gathering the values of a repeated key and skipping blank lines', () => {
    expect(
      parseConditionLines('aws:SourceIp=10.0.0.1\n\n s3:prefix = home/ \naws:SourceIp=10.0.0.2'),
    ).toEqual({
      conditions: { 'aws:SourceIp': ['10.0.0.1', '10.0.0.2'], 's3:prefix': ['home/'] },
    });
    expect(parseConditionLines('s3:ExistingObjectTag/team=blue=green')).toEqual({
      conditions: { 's3:ExistingObjectTag/team': ['blue=green'] },
    });
    expect(parseConditionLines('')).toEqual({ conditions: {} });
  });

  it('names the first line that is not key=value', () => {
    expect(parseConditionLines('aws:SourceIp=1.2.3.4\nprefix')).toEqual({ badLine: 2 });
    expect(parseConditionLines('=x')).toEqual({ badLine: 1 });
    expect(parseConditionLines('nokeyprefix=x')).toEqual({ badLine: 1 });
  });
});
