import { describe, expect, it } from 'vitest';
import { formatConfigEnv, parseConfigEnv, tenantConfiguration } from './config-env.js';
import type { Secret, Tenant } from './kube-types.js';

const secret = (data: Record<string, string>): Secret => ({
  apiVersion: 'v1',
  kind: 'Secret',
  metadata: { name: 's' },
  data: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Buffer.from(v).toString('base64')])),
});

describe('config.env', () => {
  it('writes one export line per entry, quoting what the shell would interpret', () => {
    expect(
      formatConfigEnv([
        ['A', 'plain'],
        ['B', 'say "hi" $HOME `x` \\n'],
      ]),
    ).toBe('export A="plain"\nexport B="say \\"hi\\" \\$HOME \\`x\\` \\\\n"\n');
  });

  it('reads back exactly what it wrote, values with = included', () => {
    const entries: [string, string][] = [
      ['MINIO_IDENTITY_LDAP_USER_DN_SEARCH_FILTER', '(&(objectclass=user)(uid=%s))'],
      ['MINIO_ROOT_PASSWORD', 'p"a$s`s\\word'],
      ['EMPTY', ''],
    ];
    expect([...parseConfigEnv(formatConfigEnv(entries))]).toEqual(entries);
  });

  it('ignores lines that are not exports and accepts single quotes and bare values', () => {
    const text =
      '# comment\nMINIO_X=1\nexport A=\'one\'\nexport B=two\n  export C="three"\nexport bad-key="x"\n';
    expect(Object.fromEntries(parseConfigEnv(text))).toEqual({ A: 'one', B: 'two', C: 'three' });
  });
});

describe('tenantConfiguration', () => {
  const tenant: Tenant = {
    apiVersion: 'minio.min.io/v2',
    kind: 'Tenant',
    metadata: { name: 't' },
    spec: {
      pools: [],
      env: [
        { name: 'FROM_ENV', value: 'env' },
        { name: 'OVERRIDDEN', value: 'env' },
        { name: 'FROM_REF', valueFrom: { secretKeyRef: { name: 'x', key: 'y' } } },
      ],
    },
  };

  it('merges spec.env, the creds secret and config.env, later sources winning', () => {
    const config = tenantConfiguration(tenant, {
      creds: secret({ accesskey: 'legacy-user', OVERRIDDEN: 'creds' }),
      configuration: secret({
        'config.env': formatConfigEnv([
          ['OVERRIDDEN', 'file'],
          ['MINIO_ROOT_USER', 'root'],
        ]),
      }),
    });
    expect(config.get('FROM_ENV')).toBe('env');
    expect(config.get('OVERRIDDEN')).toBe('file');
    expect(config.has('FROM_REF')).toBe(false);
    expect(config.get('accesskey')).toBe('root');
  });

  it('exposes the legacy root key names as accesskey and secretkey', () => {
    const config = tenantConfiguration(tenant, {
      configuration: secret({
        'config.env': formatConfigEnv([
          ['MINIO_ACCESS_KEY', 'old-user'],
          ['MINIO_SECRET_KEY', 'old-secret'],
        ]),
      }),
    });
    expect(config.get('accesskey')).toBe('old-user');
    expect(config.get('secretkey')).toBe('old-secret');
  });

  it('keeps the empty legacy keys of a console-created tenant when config.env has none', () => {
    const config = tenantConfiguration(tenant, { creds: secret({ accesskey: '', secretkey: '' }) });
    expect(config.get('accesskey')).toBe('');
  });
});
