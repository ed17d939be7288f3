import type { CreateTenantRequest } from '@stowage/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ApiError } from '../../http/errors.js';
import { parseConfigEnv } from './config-env.js';
import { createTenantObjects, type TenantCreationPlan } from './create-objects.js';
import type { Secret, Tenant } from './kube-types.js';
import { selfSignedPair } from './test-support/certificates.js';
import { tenantSchemaErrors, unknownFields } from './test-support/crd-schema.js';
import { minimalCreateRequest } from './test-support/create-request.js';

const GIB = 1024 ** 3;
/** Deterministic "random" keys: the requested length of a letter, so the golden texts are stable. */
const ctx = {
  defaultImage: 'minio/minio:RELEASE.2021-09-03T03-56-13Z',
  randomText: (n: number) => 'x'.repeat(n),
};

const minimalBody = () => minimalCreateRequest();

const tenantOf = (plan: TenantCreationPlan): Tenant => {
  const last = plan.steps.at(-1);
  if (last?.kind !== 'Tenant') throw new Error('the last step must create the Tenant');
  return last.object;
};
const secretOf = (plan: TenantCreationPlan, name: string): Secret => {
  const step = plan.steps.find((s) => s.kind === 'Secret' && s.object.metadata.name === name);
  if (step?.kind !== 'Secret') throw new Error(`no secret ${name}`);
  return step.object;
};
const text = (secret: Secret, key: string) =>
  Buffer.from(secret.data?.[key] ?? '', 'base64').toString('utf8');

describe('createTenantObjects, minimal wizard body', () => {
  const plan = createTenantObjects(minimalBody(), ctx);

  it('writes the creds secret, the configuration, then the Tenant', () => {
    expect(plan.steps.map((s) => [s.action, s.kind, s.object.metadata.name])).toEqual([
      ['create', 'Secret', 'tenant-a-secret'],
      ['replace', 'Secret', 'tenant-a-env-configuration'],
      ['create', 'Tenant', 'tenant-a'],
    ]);
    expect(plan.cleanupSelector).toBe('v1.min.io/tenant=tenant-a');
    expect(plan.namespace).toBe('ns-a');
  });

  it('labels every secret with its tenant and makes it immutable', () => {
    for (const step of plan.steps.filter((s) => s.kind === 'Secret')) {
      expect(step.object.metadata.labels).toEqual({ 'v1.min.io/tenant': 'tenant-a' });
      expect(step.object.metadata.namespace).toBe('ns-a');
      expect((step.object as Secret).immutable).toBe(true);
    }
    expect(secretOf(plan, 'tenant-a-secret').data).toEqual({ accesskey: '', secretkey: '' });
  });

  it('generates root keys of 16 and 32 characters into config.env and returns them once', () => {
    expect(text(secretOf(plan, 'tenant-a-env-configuration'), 'config.env')).toBe(
      [
        `export MINIO_BROWSER="on"`,
        `export MINIO_ROOT_USER="${'x'.repeat(16)}"`,
        `export MINIO_ROOT_PASSWORD="${'x'.repeat(32)}"`,
        `export MINIO_STORAGE_CLASS_STANDARD="EC:2"`,
        '',
      ].join('\n'),
    );
    expect(plan.response).toEqual({
      console: [{ access_key: 'x'.repeat(16), secret_key: 'x'.repeat(32) }],
      externalIDP: false,
    });
  });

  it('builds the Tenant the operator expects (golden)', () => {
    expect(tenantOf(plan)).toEqual({
      apiVersion: 'minio.min.io/v2',
      kind: 'Tenant',
      metadata: {
        name: 'tenant-a',
        namespace: 'ns-a',
        annotations: {
          'prometheus.io/path': '/minio/prometheus/metrics',
          'prometheus.io/port': '9000',
          'prometheus.io/scrape': 'true',
        },
      },
      spec: {
        image: 'minio/minio:RELEASE.2021-09-03T03-56-13Z',
        mountPath: '/export',
        credsSecret: { name: 'tenant-a-secret' },
        configuration: { name: 'tenant-a-env-configuration' },
        requestAutoCert: true,
        exposeServices: { minio: true, console: true },
        pools: [
          {
            name: 'pool-0',
            servers: 4,
            volumesPerServer: 1,
            volumeClaimTemplate: {
              metadata: { name: 'data' },
              spec: {
                accessModes: ['ReadWriteOnce'],
                resources: { requests: { storage: '107374182400' } },
                storageClassName: 'standard',
              },
            },
            resources: { requests: { memory: '2Gi' }, limits: { memory: '32Gi' } },
            affinity: {
              podAntiAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: [
                  {
                    labelSelector: {
                      matchExpressions: [
                        { key: 'v1.min.io/tenant', operator: 'In', values: ['tenant-a'] },
                        { key: 'v1.min.io/pool', operator: 'In', values: ['pool-0'] },
                      ],
                    },
                    topologyKey: 'kubernetes.io/hostname',
                  },
                ],
              },
            },
          },
        ],
        log: {
          audit: { diskCapacityGB: 5 },
          db: {
            volumeClaimTemplate: {
              metadata: { name: 'tenant-a-log' },
              spec: {
                accessModes: ['ReadWriteOnce'],
                resources: { requests: { storage: '5368709120' } },
                storageClassName: 'standard',
              },
            },
          },
        },
        prometheus: { diskCapacityGB: 5, storageClassName: 'standard' },
      },
    });
  });

  it('is valid against the CRD schema and holds no field the API server would prune', () => {
    expect(tenantSchemaErrors(tenantOf(plan))).toEqual([]);
    expect(unknownFields(tenantOf(plan))).toEqual([]);
  });

  it('uses crypto-random alphanumeric keys when none are injected', () => {
    const { response } = createTenantObjects(minimalBody(), { defaultImage: ctx.defaultImage });
    const [keys] = response.console;
    expect(keys?.access_key).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(keys?.secret_key).toMatch(/^[A-Za-z0-9]{32}$/);
    const again = createTenantObjects(minimalBody(), { defaultImage: ctx.defaultImage }).response.console[0];
    expect(again?.secret_key).not.toBe(keys?.secret_key);
  });

  it('names a pool pool-0 and writes 2×10^9 bytes as 2G when the wizard sends no name', () => {
    const body = minimalBody();
    body.pools = [{ servers: 4, volumes_per_server: 2, volume_configuration: { size: 2e9 }, affinity: {} }];
    const pool = tenantOf(createTenantObjects(body, ctx)).spec.pools[0];
    expect(pool?.name).toBe('pool-0');
    expect(pool?.volumeClaimTemplate.spec?.resources?.requests).toEqual({ storage: '2G' });
    expect(pool?.volumeClaimTemplate.spec?.storageClassName).toBeUndefined();
    expect(pool?.affinity).toBeUndefined();
    expect(pool?.resources).toBeUndefined();
  });
});

describe('createTenantObjects, full body (TLS, KES on Vault, OpenID, registry)', () => {
  let plan: TenantCreationPlan;
  let minioCert: ReturnType<typeof selfSignedPair>;
  let client: ReturnType<typeof selfSignedPair>;
  let kesServer: ReturnType<typeof selfSignedPair>;
  let ca: ReturnType<typeof selfSignedPair>;

  beforeAll(() => {
    minioCert = selfSignedPair('minio.ns-b.svc');
    client = selfSignedPair('minio-kes-client');
    kesServer = selfSignedPair('tenant-b-kes');
    ca = selfSignedPair('tenant-b-ca');
    const body: CreateTenantRequest = {
      ...minimalBody(),
      name: 'tenant-b',
      namespace: 'ns-b',
      access_key: 'rootuser1',
      secret_key: 'rootpassword1',
      enable_tls: false,
      enable_console: false,
      image: 'quay.io/minio/minio:RELEASE.2021-09-03T03-56-13Z',
      erasureCodingParity: 4,
      image_registry: { registry: 'registry.example:5000', username: 'puller', password: 'p@ss"word' },
      logSearchConfiguration: { storageClass: 'fast', storageSize: 20, image: 'minio/logsearchapi:v4.2.0' },
      prometheusConfiguration: { storageSize: 8, image: 'quay.io/prometheus/prometheus:v2.26.0' },
      tls: { minio: [{ crt: minioCert.crt, key: minioCert.key }], ca_certificates: [ca.crt] },
      encryption: {
        client: { crt: client.crt, key: client.key },
        server: { crt: kesServer.crt, key: kesServer.key },
        vault: {
          endpoint: 'https://vault.example:8200',
          engine: 'kv',
          namespace: '',
          prefix: 'tenant-b',
          approle: { engine: 'approle', id: 'role-id', secret: 'role-secret', retry: 15 },
          tls: { key: client.key, crt: client.crt, ca: ca.crt },
          status: { ping: 10 },
        },
      },
      idp: {
        oidc: {
          configuration_url: 'https://idp.example/.well-known/openid-configuration',
          client_id: 'console',
          secret_id: 'shh',
          claim_name: 'policy',
          callback_url: 'https://console.example/oauth_callback',
          scopes: '',
        },
      },
    };
    plan = createTenantObjects(body, { ...ctx, subnetLicense: 'eyJ.licence.jwt' });
  });

  it('writes the secrets in the order of operator.md §2 with their exact names', () => {
    expect(plan.steps.map((s) => [s.action, s.object.metadata.name, (s.object as Secret).type])).toEqual([
      ['create', 'tenant-b-secret', 'Opaque'],
      ['replace', 'tenant-b-secret-instance-external-certificates-0', 'kubernetes.io/tls'],
      ['replace', 'tenant-b-secret-tenant-external-client-cert-0', 'kubernetes.io/tls'],
      ['replace', 'tenant-b-secret-kes-external-cert-0', 'kubernetes.io/tls'],
      ['replace', 'tenant-b-secret-kes-client-cert', 'Opaque'],
      ['replace', 'tenant-b-secret-kes-configuration', 'Opaque'],
      ['replace', 'ca-certificate-0', 'Opaque'],
      ['upsert', 'tenant-b-regcred', 'kubernetes.io/dockerconfigjson'],
      ['replace', 'tenant-b-env-configuration', 'Opaque'],
      ['create', 'tenant-b', undefined],
    ]);
    expect(secretOf(plan, 'tenant-b-regcred').immutable).toBeUndefined();
  });

  it('puts root keys, OpenID, parity and the licence into config.env', () => {
    const config = parseConfigEnv(text(secretOf(plan, 'tenant-b-env-configuration'), 'config.env'));
    expect(Object.fromEntries(config)).toEqual({
      MINIO_BROWSER: 'off',
      MINIO_ROOT_USER: 'rootuser1',
      MINIO_ROOT_PASSWORD: 'rootpassword1',
      MINIO_STORAGE_CLASS_STANDARD: 'EC:4',
      MINIO_IDENTITY_OPENID_CONFIG_URL: 'https://idp.example/.well-known/openid-configuration',
      MINIO_IDENTITY_OPENID_CLIENT_ID: 'console',
      MINIO_IDENTITY_OPENID_CLIENT_SECRET: 'shh',
      MINIO_IDENTITY_OPENID_CLAIM_NAME: 'policy',
      MINIO_IDENTITY_OPENID_REDIRECT_URI: 'https://console.example/oauth_callback',
      MINIO_IDENTITY_OPENID_SCOPES: 'openid,profile,email',
      MINIO_SUBNET_LICENSE: 'eyJ.licence.jwt',
    });
    expect(plan.response).toEqual({ console: [], externalIDP: true });
  });

  it('stores the certificate files as sent and the registry login as a docker config', () => {
    const tls = secretOf(plan, 'tenant-b-secret-instance-external-certificates-0');
    expect(tls.data).toEqual({ 'tls.crt': minioCert.crt, 'tls.key': minioCert.key });
    expect(secretOf(plan, 'ca-certificate-0').data).toEqual({ 'public.crt': ca.crt });
    expect(Object.keys(secretOf(plan, 'tenant-b-secret-kes-client-cert').data ?? {}).sort()).toEqual([
      'ca.crt',
      'client.crt',
      'client.key',
    ]);
    expect(JSON.parse(text(secretOf(plan, 'tenant-b-regcred'), '.dockerconfigjson'))).toEqual({
      auths: {
        'registry.example:5000': {
          username: 'puller',
          password: 'p@ss"word',
          auth: Buffer.from('puller:p@ss"word').toString('base64'),
        },
      },
    });
  });

  it("configures KES for Vault with the client certificate's identity", () => {
    const config = parse(text(secretOf(plan, 'tenant-b-secret-kes-configuration'), 'server-config.yaml'));
    expect(config).toEqual({
      address: '0.0.0.0:7373',
      root: '_',
      tls: { key: '/tmp/kes/server.key', cert: '/tmp/kes/server.crt' },
      policy: {
        'default-policy': {
          paths: [
            '/v1/key/create/my-minio-key',
            '/v1/key/generate/my-minio-key',
            '/v1/key/decrypt/my-minio-key',
          ],
          identities: [client.spkiSha256],
        },
      },
      cache: { expiry: { any: '5m0s', unused: '20s' } },
      log: { error: 'on', audit: 'off' },
      keys: {
        vault: {
          endpoint: 'https://vault.example:8200',
          engine: 'kv',
          version: 'v1',
          namespace: '',
          prefix: 'tenant-b',
          approle: { engine: 'approle', id: 'role-id', secret: 'role-secret', retry: '15s' },
          tls: { key: '/tmp/kes/client.key', cert: '/tmp/kes/client.crt', ca: '/tmp/kes/ca.crt' },
          status: { ping: '10s' },
        },
      },
    });
  });

  it('refers to every secret from the Tenant and passes the CRD schema', () => {
    const tenant = tenantOf(plan);
    expect(tenant.spec).toMatchObject({
      image: 'quay.io/minio/minio:RELEASE.2021-09-03T03-56-13Z',
      requestAutoCert: false,
      externalCertSecret: [
        { name: 'tenant-b-secret-instance-external-certificates-0', type: 'kubernetes.io/tls' },
      ],
      externalCaCertSecret: [{ name: 'ca-certificate-0', type: 'Opaque' }],
      externalClientCertSecret: {
        name: 'tenant-b-secret-tenant-external-client-cert-0',
        type: 'kubernetes.io/tls',
      },
      kes: {
        image: 'minio/kes:v0.16.1',
        replicas: 2,
        keyName: 'my-minio-key',
        kesSecret: { name: 'tenant-b-secret-kes-configuration' },
        externalCertSecret: { name: 'tenant-b-secret-kes-external-cert-0', type: 'kubernetes.io/tls' },
        clientCertSecret: { name: 'tenant-b-secret-kes-client-cert', type: 'Opaque' },
      },
      imagePullSecret: { name: 'tenant-b-regcred' },
      log: {
        image: 'minio/logsearchapi:v4.2.0',
        audit: { diskCapacityGB: 10 },
        db: {
          volumeClaimTemplate: {
            spec: { resources: { requests: { storage: '21474836480' } }, storageClassName: 'fast' },
          },
        },
      },
      prometheus: {
        diskCapacityGB: 8,
        storageClassName: 'standard',
        image: 'quay.io/prometheus/prometheus:v2.26.0',
      },
    });
    expect(tenant.spec.users).toBeUndefined();
    expect(tenantSchemaErrors(tenant)).toEqual([]);
    expect(unknownFields(tenant)).toEqual([]);
  });
});

describe('createTenantObjects, identity providers and key stores', () => {
  it('makes each Active Directory DN a tenant user and turns LDAP on', () => {
    const body: CreateTenantRequest = {
      ...minimalBody(),
      idp: {
        active_directory: {
          url: 'ldap.example:636',
          skip_tls_verification: true,
          username_search_filter: '(&(objectclass=user)(sAMAccountName=%s))',
          user_dns: ['cn=admin,dc=example', 'cn=ops,dc=example'],
        },
      },
    };
    const plan = createTenantObjects(body, ctx);
    expect(secretOf(plan, 'tenant-a-user-1').data).toEqual({
      CONSOLE_ACCESS_KEY: Buffer.from('cn=ops,dc=example').toString('base64'),
    });
    const config = parseConfigEnv(text(secretOf(plan, 'tenant-a-env-configuration'), 'config.env'));
    expect(config.get('MINIO_IDENTITY_LDAP_SERVER_ADDR')).toBe('ldap.example:636');
    expect(config.get('MINIO_IDENTITY_LDAP_TLS_SKIP_VERIFY')).toBe('on');
    expect(config.get('MINIO_IDENTITY_LDAP_USERNAME_SEARCH_FILTER')).toBe(
      '(&(objectclass=user)(sAMAccountName=%s))',
    );
    expect(tenantOf(plan).spec.users).toEqual([{ name: 'tenant-a-user-0' }, { name: 'tenant-a-user-1' }]);
    expect(plan.response).toEqual({ console: [], externalIDP: true });
  });

  it('creates a console user secret per built-in key pair and answers those pairs', () => {
    const keys = [
      { access_key: 'console-user-1', secret_key: 'console-secret-1' },
      { access_key: 'console-user-2', secret_key: 'console-secret-2' },
    ];
    const plan = createTenantObjects({ ...minimalBody(), idp: { keys } }, ctx);
    expect(text(secretOf(plan, 'tenant-a-user-0'), 'CONSOLE_SECRET_KEY')).toBe('console-secret-1');
    expect(plan.response).toEqual({ console: keys, externalIDP: false });
    expect(tenantSchemaErrors(tenantOf(plan))).toEqual([]);
  });

  it.each([
    [
      'aws',
      {
        aws: {
          secretsmanager: {
            endpoint: 'https://secretsmanager.eu-west-1.amazonaws.com',
            region: 'eu-west-1',
            kmskey: 'alias/minio',
            credentials: { accesskey: 'AKIA', secretkey: 'secret' },
          },
        },
      },
    ],
    [
      'gemalto',
      {
        gemalto: {
          keysecure: { endpoint: 'https://keysecure', credentials: { token: 't', domain: 'd', retry: 0 } },
        },
      },
    ],
    ['gcp', { gcp: { secretmanager: { project_id: 'p', credentials: { client_email: 'sa@p.iam' } } } }],
    [
      'azure',
      {
        azure: {
          keyvault: {
            endpoint: 'https://kv.vault.azure.net',
            credentials: { tenant_id: 't', client_id: 'c', client_secret: 's' },
          },
        },
      },
    ],
  ])('configures KES for %s behind AutoCert', (store, kms) => {
    const plan = createTenantObjects({ ...minimalBody(), encryption: kms }, ctx);
    const config = parse(text(secretOf(plan, 'tenant-a-secret-kes-configuration'), 'server-config.yaml'));
    expect(Object.keys(config.keys)).toEqual([store]);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the operator's placeholder
    expect(config.policy['default-policy'].identities).toEqual(['${MINIO_KES_IDENTITY}']);
    expect(tenantOf(plan).spec.kes).toEqual({
      image: 'minio/kes:v0.16.1',
      replicas: 2,
      keyName: 'my-minio-key',
      kesSecret: { name: 'tenant-a-secret-kes-configuration' },
    });
    expect(tenantSchemaErrors(tenantOf(plan))).toEqual([]);
  });
});

describe('createTenantObjects refuses bad input with the spec message, before anything is written', () => {
  const pool = minimalBody().pools[0];
  const cases: [string, Partial<CreateTenantRequest>, string][] = [
    [
      'an upper-case name',
      { name: 'Tenant' },
      "Name only can contain lowercase letters, numbers and '-'. Min. Length: 3",
    ],
    [
      'a short name',
      { name: 'ab' },
      "Name only can contain lowercase letters, numbers and '-'. Min. Length: 3",
    ],
    [
      'a 64-character name',
      { name: 'a'.repeat(64) },
      "Name only can contain lowercase letters, numbers and '-'. Min. Length: 3",
    ],
    ['an empty namespace', { namespace: ' ' }, 'Field cannot be empty'],
    ['a namespace with dots', { namespace: 'a.b' }, 'Please enter a valid namespace'],
    ['a short root key', { access_key: 'short' }, 'Keys must be at least length 8'],
    ['a root secret with spaces', { secret_key: 'has spaces in it' }, 'Keys must be at least length 8'],
    ['parity 1', { erasureCodingParity: 1 }, 'invalid Erasure Coding Value'],
    ['parity 9', { erasureCodingParity: 9 }, 'invalid Erasure Coding Value'],
    ['an image without a tag', { image: 'minio/minio' }, "Format must be of form: 'minio/minio:VERSION'"],
    [
      'an image without a repository',
      { image: 'minio:latest' },
      "Format must be of form: 'minio/minio:VERSION'",
    ],
    ['3 servers', { pools: [{ ...pool!, servers: 3 }] }, 'at least 4 nodes are required for a tenant'],
    ['0 drives', { pools: [{ ...pool!, volumes_per_server: 0 }] }, 'There must be at least one drive'],
    [
      'volumes under 1Gi',
      { pools: [{ ...pool!, volume_configuration: { size: GIB - 1 } }] },
      'Disk Size with this combination would be less than 1Gi, please try another combination',
    ],
    [
      '1 GiB of memory',
      { pools: [{ ...pool!, resources: { requests: { memory: GIB } } }] },
      'The requested memory size must be greater than 2Gi',
    ],
    [
      'a registry without password',
      { image_registry: { registry: 'r', username: 'u', password: '' } },
      'Field cannot be empty',
    ],
    [
      'a 0 Gi Log Search disk',
      { logSearchConfiguration: { storageSize: 0 } },
      'Volume size must be present and be greatter than 0',
    ],
    [
      'a bad KES image',
      { encryption: { image: 'kes', gcp: { secretmanager: {} } } },
      "Format must be of form: 'minio/kes:VERSION'",
    ],
    [
      'a short built-in key',
      { idp: { keys: [{ access_key: 'seven77', secret_key: 'longenough' }] } },
      'Keys must be at least length 8',
    ],
    [
      'OpenID without a client ID',
      { idp: { oidc: { configuration_url: 'u', client_id: '', secret_id: 's', claim_name: 'c' } } },
      'Field cannot be empty',
    ],
    [
      'a certificate that is not PEM',
      { tls: { ca_certificates: ['bm90IGEgY2VydA=='] } },
      'Certificates and keys must be base64-encoded PEM files',
    ],
    [
      'encryption without TLS',
      { enable_tls: false, encryption: { gcp: { secretmanager: {} } } },
      'Encryption needs TLS: enable AutoCert or add a certificate',
    ],
    [
      'two key stores',
      {
        encryption: {
          gcp: { secretmanager: {} },
          aws: {
            secretsmanager: { endpoint: 'e', region: 'r', credentials: { accesskey: 'a', secretkey: 's' } },
          },
        },
      },
      'Choose one key management service: Vault, AWS, Gemalto, GCP or Azure',
    ],
    [
      'a negative Vault retry',
      { encryption: { vault: { endpoint: 'e', approle: { id: 'i', secret: 's', retry: -1 } } } },
      'Value needs to be 0 or greater',
    ],
  ];

  it.each(cases)('%s', (_, change, message) => {
    let caught: unknown;
    try {
      createTenantObjects({ ...minimalBody(), ...change }, ctx);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ApiError);
    expect((caught as ApiError).status).toBe(400);
    expect((caught as ApiError).message).toBe(message);
    expect((caught as ApiError).detailedMessage).not.toBe('');
  });

  it('accepts parity 0 as "the server default" and writes no storage class', () => {
    const plan = createTenantObjects({ ...minimalBody(), erasureCodingParity: 0 }, ctx);
    const config = parseConfigEnv(text(secretOf(plan, 'tenant-a-env-configuration'), 'config.env'));
    expect(config.has('MINIO_STORAGE_CLASS_STANDARD')).toBe(false);
  });
});

describe('the CRD schema check itself', () => {
  it('reports what kube-apiserver reported for a bad Tenant (operator.md §5.3)', () => {
    const bad = {
      apiVersion: 'minio.min.io/v2',
      kind: 'Tenant',
      metadata: { name: 'bad' },
      spec: {
        pools: [
          {
            servers: 'four',
            volumesPerServer: 1,
            resources: { requests: { memory: '2 GiB' } },
          },
        ],
      },
    };
    const errors = tenantSchemaErrors(bad).map((e) => `${e.instancePath} ${e.keyword}`);
    expect(errors).toEqual(
      expect.arrayContaining([
        '/spec/pools/0 required',
        '/spec/pools/0/servers type',
        '/spec/pools/0/resources/requests/memory pattern',
      ]),
    );
  });

  it('finds fields the API server would prune', () => {
    expect(unknownFields({ spec: { pools: [], consoel: {} } })).toEqual(['.spec.consoel']);
  });
});
