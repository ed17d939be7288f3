import { describe, expect, it } from 'vitest';
import { tenantYamlAt } from './renderTab.test-support.js';
import schema from './tenant-schema.generated.json' with { type: 'json' };
import { type CrdSchema, tenantYamlProblems } from './tenantYamlProblems.js';

const tenantSchema = schema as CrdSchema;
const VALID = tenantYamlAt('1');

describe('tenantYamlProblems', () => {
  it('finds nothing in a valid tenant', () => {
    expect(tenantYamlProblems(VALID, tenantSchema)).toEqual([]);
  });

  it('points at a wrong type, on its line', () => {
    const [problem, ...rest] = tenantYamlProblems(tenantYamlAt('1', 'four'), tenantSchema);
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({
      severity: 'error',
      message: 'spec.pools[0].servers must be of type integer',
      line: 10,
    });
  });

  it('reports a missing required field and an unknown field (a warning: the API server drops it)', () => {
    const problems = tenantYamlProblems(
      `${VALID.replace('      servers: 4\n', '')}  imagee: x\n`,
      tenantSchema,
    );
    expect(problems.map((p) => [p.severity, p.message, p.line])).toEqual([
      ['error', 'spec.pools[0] is missing the required field servers', 9],
      ['warning', 'spec.imagee is not a Tenant field; the API server drops it', 16],
    ]);
  });

  it('reports YAML syntax errors with their position', () => {
    const [problem] = tenantYamlProblems('spec:\n  pools: [\n', tenantSchema);
    expect(problem?.severity).toBe('error');
    expect(problem?.message).toMatch(/^YAML syntax: /);
    expect(problem?.line).toBeGreaterThanOrEqual(2);
  });
});
