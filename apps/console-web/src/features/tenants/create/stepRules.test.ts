import { describe, expect, it } from 'vitest';
import {
  configureProblems,
  encryptionAllowed,
  encryptionProblems,
  identityProblems,
  imageProblems,
  nameProblems,
  placementProblems,
  securityValid,
} from './stepRules.js';
import { initialForm, removeRow, type WizardForm } from './wizardState.js';

const pem = { name: 'a.pem', encoded: 'LS0tLS1CRUdJTg==' };
const form = (over: Partial<WizardForm> = {}): WizardForm => ({ ...initialForm(), ...over });

describe('Setup: name and namespace (spec §5)', () => {
  it.each([
    ['', 'required'],
    ['ab', 'tenantName'],
    ['Tenant', 'tenantName'],
    ['my_tenant', 'tenantName'],
    ['a'.repeat(64), 'tenantName'],
  ])('refuses the tenant name %j', (tenantName, problem) => {
    expect(nameProblems({ tenantName, namespace: 'ns' }).tenantName).toBe(problem);
  });
  it('accepts 3 to 63 lowercase letters, digits and dashes, and needs a namespace', () => {
    expect(nameProblems({ tenantName: 'abc', namespace: 'ns' })).toEqual({});
    expect(nameProblems({ tenantName: `t-${'a'.repeat(61)}`, namespace: ' ' })).toEqual({
      namespace: 'required',
    });
  });
});

describe('Configure (spec §5 overrides)', () => {
  it('checks an override only when it is on', () => {
    expect(configureProblems(form({ prometheusVolumeSize: '' }))).toEqual({});
    expect(configureProblems(form({ prometheusCustom: true, prometheusVolumeSize: '0' }))).toEqual({
      prometheusStorageClass: 'required',
      prometheusVolumeSize: 'extraVolumeSize',
    });
    expect(configureProblems(form({ logSearchCustom: true, logSearchStorageClass: 'fast' }))).toEqual({});
  });
});

describe('Images (spec §5 custom images)', () => {
  it('leaves empty images alone and refuses ones not of repository/name:tag', () => {
    expect(imageProblems(form())).toEqual({});
    expect(
      imageProblems(form({ imageName: 'minio', kesImage: 'minio/kes', prometheusSidecarImage: 'a b/c:d' })),
    ).toEqual({ imageName: 'imageMinio', kesImage: 'imageKes', prometheusSidecarImage: 'imageGeneric' });
    expect(imageProblems(form({ imageName: 'quay.io/minio/minio:RELEASE.2021' }))).toEqual({});
  });
  it('needs endpoint, username and password for a custom registry', () => {
    expect(imageProblems(form({ customDockerhub: true, imageRegistry: 'r.example' }))).toEqual({
      imageRegistryUsername: 'registryRequired',
      imageRegistryPassword: 'registryRequired',
    });
  });
});

describe('Pod Placement (spec §5 node selector)', () => {
  it('needs one complete key=value pair for Node Selector only', () => {
    expect(placementProblems(form({ podAffinity: 'none' }))).toEqual({});
    expect(placementProblems(form({ podAffinity: 'nodeSelector' }))).toEqual({
      nodeSelectorLabels: 'nodeSelector',
    });
    const labels = [{ id: '1', key: 'zone', value: 'a' }];
    expect(placementProblems(form({ podAffinity: 'nodeSelector', nodeSelectorLabels: labels }))).toEqual({});
  });
});

describe('Identity Provider (spec §5)', () => {
  it('accepts the random default pair and refuses short keys', () => {
    expect(identityProblems(form())).toEqual({});
    const keys = [{ id: 'k', accessKey: 'short', secretKey: '' }];
    expect(identityProblems(form({ keys }))).toEqual({ 'accessKey.k': 'keys', 'secretKey.k': 'required' });
  });
  it('needs the OpenID fields', () => {
    expect(Object.keys(identityProblems(form({ idpSelection: 'OpenID', openIDClientID: 'c' })))).toEqual([
      'openIDConfigurationURL',
      'openIDSecretID',
      'openIDClaimName',
    ]);
  });
  it('needs the AD server address and every user DN', () => {
    const dns = [{ id: 'd', value: '' }];
    expect(identityProblems(form({ idpSelection: 'AD', ADUserDNs: dns }))).toEqual({
      ADURL: 'required',
      'ADUserDN.d': 'required',
    });
  });
  it('ignores removing the last row (spec §4)', () => {
    const rows = [{ id: 'a' }];
    expect(removeRow(rows, 'a')).toEqual(rows);
    expect(removeRow([...rows, { id: 'b' }], 'a')).toEqual([{ id: 'b' }]);
  });
});

describe('Security and Encryption (spec §4, §5)', () => {
  it('is valid with TLS off, or with AutoCert or custom certificates', () => {
    expect(securityValid(form({ enableTLS: true, enableAutoCert: false, enableCustomCerts: false }))).toBe(
      false,
    );
    expect(securityValid(form({ enableTLS: false, enableAutoCert: false }))).toBe(true);
    expect(securityValid(form({ enableAutoCert: false, enableCustomCerts: true }))).toBe(true);
  });
  it('allows encryption only with TLS and AutoCert or one complete custom pair', () => {
    expect(encryptionAllowed(form())).toBe(true);
    expect(encryptionAllowed(form({ enableTLS: false }))).toBe(false);
    const half = [{ id: 'p', cert: pem }];
    expect(
      encryptionAllowed(form({ enableAutoCert: false, enableCustomCerts: true, minioCerts: half })),
    ).toBe(false);
    const whole = [{ id: 'p', cert: pem, key: pem }];
    expect(
      encryptionAllowed(form({ enableAutoCert: false, enableCustomCerts: true, minioCerts: whole })),
    ).toBe(true);
  });
  it.each([
    ['vault', ['vault.endpoint', 'vault.approleId', 'vault.approleSecret']],
    ['aws', ['aws.endpoint', 'aws.region', 'aws.accessKey', 'aws.secretKey']],
    ['gemalto', ['gemalto.endpoint', 'gemalto.token', 'gemalto.domain']],
    ['azure', ['azure.endpoint', 'azure.tenantId', 'azure.clientId', 'azure.clientSecret']],
    ['gcp', []],
  ] as const)('requires the %s fields', (encryptionType, fields) => {
    expect(Object.keys(encryptionProblems(form({ enableEncryption: true, encryptionType })))).toEqual(fields);
  });
  it('needs retry and ping of 0 or greater', () => {
    const kms = {
      'vault.endpoint': 'e',
      'vault.approleId': 'i',
      'vault.approleSecret': 's',
      'vault.retry': '-1',
      'vault.ping': '0',
    };
    expect(encryptionProblems(form({ enableEncryption: true, kms }))).toEqual({
      'vault.retry': 'notNegative',
    });
  });
  it('needs the KES server and client pairs when AutoCert is off', () => {
    const kms = { 'gcp.projectId': '' };
    const minioCerts = [{ id: 'm', cert: pem, key: pem }];
    const problems = encryptionProblems(
      form({
        enableEncryption: true,
        encryptionType: 'gcp',
        enableAutoCert: false,
        enableCustomCerts: true,
        minioCerts,
        kms,
      }),
    );
    expect(Object.keys(problems)).toEqual([
      'serverCert.key',
      'serverCert.cert',
      'clientCert.key',
      'clientCert.cert',
    ]);
  });
  it('checks nothing while encryption is off, or no longer allowed by the Security page', () => {
    expect(encryptionProblems(form({ encryptionType: 'aws' }))).toEqual({});
    expect(
      encryptionProblems(form({ encryptionType: 'aws', enableEncryption: true, enableTLS: false })),
    ).toEqual({});
  });
});
