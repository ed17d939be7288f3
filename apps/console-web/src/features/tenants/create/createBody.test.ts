import { describe, expect, it } from 'vitest';
import { createBody } from './createBody.js';
import { sizePreview } from './sizePreview.js';
import { initialForm, type WizardForm } from './wizardState.js';

const GIB = 1024 ** 3;
const inputs = { parities: ['EC:2'], maxMemory: 16 * GIB, nodesError: '', volumeLimit: 2 ** 60 };
const base = (over: Partial<WizardForm> = {}): WizardForm => ({
  ...initialForm(),
  tenantName: 'acme',
  namespace: 'tenant-ns',
  storageClass: 'standard',
  ...over,
});
const body = (form: WizardForm, advanced: boolean) => createBody(form, sizePreview(form, inputs), advanced);

describe('the create request (spec §7.1)', () => {
  it('sends the basic wizard as one pool with its distribution, memory and parity', () => {
    expect(body(base(), false)).toEqual({
      name: 'acme',
      namespace: 'tenant-ns',
      access_key: '',
      secret_key: '',
      access_keys: [],
      secret_keys: [],
      enable_tls: true,
      enable_console: true,
      enable_prometheus: true,
      service_name: '',
      image: '',
      expose_minio: true,
      expose_console: true,
      erasureCodingParity: 2,
      pools: [
        {
          name: 'pool-0',
          servers: 4,
          volumes_per_server: 1,
          volume_configuration: { size: 25 * GIB, storage_class_name: 'standard' },
          resources: { requests: { memory: 2 * GIB }, limits: { memory: 2 * GIB } },
        },
      ],
    });
  });

  it('adds the advanced parts: images, registry, placement, IDP, TLS and the chosen KMS', () => {
    const pem = { name: 'x.pem', encoded: 'UEVN' };
    const form = base({
      imageName: 'minio/minio:RELEASE.X',
      customDockerhub: true,
      imageRegistry: 'r.example',
      imageRegistryUsername: 'u',
      imageRegistryPassword: 'p',
      prometheusCustom: true,
      prometheusStorageClass: 'fast',
      prometheusVolumeSize: '7',
      podAffinity: 'nodeSelector',
      withPodAntiAffinity: false,
      nodeSelectorLabels: [
        { id: '1', key: 'zone', value: 'a' },
        { id: '2', key: '', value: '' },
      ],
      idpSelection: 'OpenID',
      openIDConfigurationURL: 'https://idp/.well-known',
      openIDClientID: 'c',
      openIDSecretID: 's',
      openIDClaimName: 'policy',
      enableCustomCerts: true,
      minioCerts: [{ id: 'm', cert: pem, key: pem }],
      caCerts: [{ id: 'c', cert: pem }],
      enableEncryption: true,
      encryptionType: 'azure',
      kms: {
        'azure.endpoint': 'https://kv',
        'azure.tenantId': 't',
        'azure.clientId': 'c',
        'azure.clientSecret': 's',
      },
    });
    const sent = body(form, true);
    expect(sent.image).toBe('minio/minio:RELEASE.X');
    expect(sent.image_registry).toEqual({ registry: 'r.example', username: 'u', password: 'p' });
    expect(sent.prometheusConfiguration).toEqual({ storageClass: 'fast', storageSize: 7 });
    expect(sent.logSearchConfiguration).toEqual({});
    expect(sent.pools[0]).toMatchObject({ node_selector: { zone: 'a' }, affinity: {} });
    expect(sent.idp).toEqual({
      oidc: {
        configuration_url: 'https://idp/.well-known',
        client_id: 'c',
        secret_id: 's',
        claim_name: 'policy',
        callback_url: undefined,
        scopes: undefined,
      },
    });
    expect(sent.tls).toEqual({ minio: [{ crt: 'UEVN', key: 'UEVN' }], ca_certificates: ['UEVN'] });
    expect(sent.encryption).toEqual({
      image: undefined,
      azure: {
        keyvault: {
          endpoint: 'https://kv',
          credentials: { tenant_id: 't', client_id: 'c', client_secret: 's' },
        },
      },
    });
  });

  it('keeps the default anti-affinity (no field) and sends None as an empty affinity', () => {
    expect(body(base(), true).pools[0]).not.toHaveProperty('affinity');
    expect(body(base({ podAffinity: 'none' }), true).pools[0]?.affinity).toEqual({});
  });

  it('sends the built-in keys, and vault with its counts as numbers', () => {
    const form = base({
      keys: [{ id: 'k', accessKey: 'accesskey1', secretKey: 'secretkey1' }],
      enableEncryption: true,
      kms: {
        'vault.endpoint': 'https://vault',
        'vault.approleId': 'id',
        'vault.approleSecret': 's',
        'vault.retry': '3',
        'vault.ping': '0',
      },
    });
    const sent = body(form, true);
    expect(sent.idp).toEqual({ keys: [{ access_key: 'accesskey1', secret_key: 'secretkey1' }] });
    expect(sent.encryption?.vault).toMatchObject({
      endpoint: 'https://vault',
      approle: { id: 'id', secret: 's', retry: 3 },
      status: { ping: 0 },
    });
  });
});
