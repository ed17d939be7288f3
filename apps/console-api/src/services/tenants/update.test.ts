import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Tenant } from './kube-types.js';
import { tenantPool } from './pool.js';
import { applyTenantYaml, tenantYaml, updateTenantImage } from './update.js';

const GIB = 1024 ** 3;

function tenant(): Tenant {
  return {
    apiVersion: 'minio.min.io/v2',
    kind: 'Tenant',
    metadata: {
      name: 'tenant-a',
      namespace: 'ns-a',
      resourceVersion: '7',
      labels: { team: 'storage' },
      managedFields: [{ manager: 'kubectl', operation: 'Update' }],
    },
    spec: {
      image: 'minio/minio:RELEASE.2021-08-01T00-00-00Z',
      pools: [
        tenantPool(
          'tenant-a',
          { servers: 4, volumes_per_server: 1, volume_configuration: { size: 10 * GIB } },
          0,
        ),
      ],
    },
  };
}

describe('updateTenantImage', () => {
  it('sets the image and adds the Prometheus annotations to the tenant and each claim template', () => {
    const { tenant: next, registrySecret } = updateTenantImage(
      tenant(),
      { image: 'minio/minio:RELEASE.2021-09-03T03-56-13Z', enable_prometheus: true },
      'unused',
    );
    expect(next.spec.image).toBe('minio/minio:RELEASE.2021-09-03T03-56-13Z');
    const expected = {
      'prometheus.io/path': '/minio/prometheus/metrics',
      'prometheus.io/port': '9000',
      'prometheus.io/scrape': 'true',
    };
    expect(next.metadata.annotations).toEqual(expected);
    expect(next.spec.pools[0]?.volumeClaimTemplate.metadata?.annotations).toEqual(expected);
    expect(registrySecret).toBeUndefined();
  });

  it('takes the latest image for an empty one and removes the annotations when asked', () => {
    const withAnnotations = updateTenantImage(
      tenant(),
      { image: 'a/b:1', enable_prometheus: true },
      '',
    ).tenant;
    const { tenant: next } = updateTenantImage(
      withAnnotations,
      { image: '', enable_prometheus: false },
      'minio/minio:latest',
    );
    expect(next.spec.image).toBe('minio/minio:latest');
    expect(next.metadata.annotations).toEqual({});
    expect(next.spec.pools[0]?.volumeClaimTemplate.metadata?.annotations).toEqual({});
  });

  it('writes a registry secret and points the tenant at it', () => {
    const { tenant: next, registrySecret } = updateTenantImage(
      tenant(),
      {
        image: 'registry.example/minio/minio:v1',
        image_registry: { registry: 'registry.example', username: 'u', password: 'p' },
      },
      '',
    );
    expect(registrySecret?.metadata.name).toBe('tenant-a-regcred');
    expect(registrySecret?.immutable).toBeUndefined();
    expect(next.spec.imagePullSecret).toEqual({ name: 'tenant-a-regcred' });
  });

  it("refuses an image that is not 'a/b:tag' and a registry without a password", () => {
    expect(() => updateTenantImage(tenant(), { image: 'minio' }, '')).toThrow(
      "Format must be of form: 'minio/minio:VERSION'",
    );
    expect(() =>
      updateTenantImage(
        tenant(),
        { image: 'a/b:c', image_registry: { registry: 'r', username: 'u', password: ' ' } },
        '',
      ),
    ).toThrow('Field cannot be empty');
  });
});

describe('tenant YAML', () => {
  it('renders the tenant without managed fields', () => {
    const rendered = parse(tenantYaml(tenant()));
    expect(rendered.metadata.managedFields).toBeUndefined();
    expect(rendered.metadata.resourceVersion).toBe('7');
    expect(rendered.spec.pools[0].volumeClaimTemplate.spec.resources.requests.storage).toBe('10737418240');
  });

  it('copies only labels, annotations, finalizers and spec from the edited text', () => {
    const edited = parse(tenantYaml(tenant()));
    edited.metadata.labels = { team: 'platform' };
    edited.metadata.annotations = { note: 'edited' };
    edited.metadata.uid = 'forged';
    edited.spec.image = 'minio/minio:RELEASE.2021-09-03T03-56-13Z';
    edited.status = { currentState: 'forged' };
    const saved = applyTenantYaml(tenant(), JSON.stringify(edited));
    expect(saved.metadata).toMatchObject({
      labels: { team: 'platform' },
      annotations: { note: 'edited' },
      resourceVersion: '7',
    });
    expect(saved.metadata.uid).toBeUndefined();
    expect(saved.spec.image).toBe('minio/minio:RELEASE.2021-09-03T03-56-13Z');
    expect(saved.status).toBeUndefined();
  });

  it('answers 409 when the tenant changed since the text was loaded', () => {
    const text = tenantYaml(tenant());
    const fresh = { ...tenant(), metadata: { ...tenant().metadata, resourceVersion: '8' } };
    expect(() => applyTenantYaml(fresh, text)).toThrow(expect.objectContaining({ status: 409 }));
  });

  it.each([
    ['broken YAML', 'spec: [unclosed', 'The YAML could not be read'],
    ['a list', '- a\n- b\n', 'The YAML could not be read'],
    ['no spec', 'metadata:\n  name: tenant-a\n', 'The YAML could not be read'],
    ['a rename', 'metadata:\n  name: other\nspec:\n  pools: []\n', 'A tenant cannot be renamed'],
  ])('refuses %s with 400', (_, text, message) => {
    expect(() => applyTenantYaml(tenant(), text)).toThrow(expect.objectContaining({ status: 400, message }));
  });
});
