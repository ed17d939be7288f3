import { describe, expect, it } from 'vitest';
import { configHelp } from './help.js';
import {
  applyLines,
  ConfigError,
  deleteKeys,
  exportAll,
  getKV,
  parseLine,
  parseText,
  redactedConfig,
  type ServerConfig,
} from './kv.js';

const set = (config: ServerConfig, text: string) => applyLines(config, parseText(text));

describe('config KV parsing', () => {
  it('cuts fields at known keys, so values may hold spaces; quotes are removed', () => {
    const line = parseLine(
      'notify_webhook:1 endpoint="http://h:8080/hook" auth_token=Bearer abc queue_limit=100',
    );
    expect(line.sub.name).toBe('notify_webhook');
    expect(line.target).toBe('1');
    expect(line.values).toEqual({
      endpoint: 'http://h:8080/hook',
      auth_token: 'Bearer abc',
      queue_limit: '100',
    });
    expect(parseLine("site name='rack-1' region=eu-west-1").values).toEqual({
      name: 'rack-1',
      region: 'eu-west-1',
    });
  });

  it('swallows an unknown key into the previous value, as MinIO does', () => {
    expect(parseLine('compression extensions=.txt foo=bar').values).toEqual({ extensions: '.txt foo=bar' });
  });

  it("knows every api and scanner key of MinIO's, so none is swallowed into its neighbour", () => {
    expect(parseLine('api cors_allow_origin=https://a.example list_quorum=optimal').values).toEqual({
      cors_allow_origin: 'https://a.example',
      list_quorum: 'optimal',
    });
    expect(parseLine('scanner speed=slow delay=2 max_wait=5s cycle=1m').values).toEqual({
      speed: 'slow',
      delay: '2',
      max_wait: '5s',
      cycle: '1m',
    });
  });

  it('refuses unknown subsystems, targets on single-target ones, and text before the first key', () => {
    expect(() => parseLine('nosuch key=1')).toThrow(ConfigError);
    expect(() => parseLine('site:a name=x')).toThrow(/does not support multiple targets/);
    expect(() => parseLine('site garbage name=x')).toThrow(/invalid config value/);
  });
});

describe('config KV semantics', () => {
  it('implies enable=on, checks required keys and keeps keys not given', () => {
    expect(() => set({}, 'notify_webhook:1 auth_token=x')).toThrow(
      "'endpoint' is not optional for 'notify_webhook' sub-system",
    );
    const c1 = set({}, 'notify_webhook:1 endpoint=http://h/hook');
    expect(c1.notify_webhook?.['1']).toEqual({ endpoint: 'http://h/hook', enable: 'on' });
    const c2 = set(c1, 'notify_webhook:1 queue_limit=10');
    expect(c2.notify_webhook?.['1']).toEqual({ endpoint: 'http://h/hook', enable: 'on', queue_limit: '10' });
    // Disabled targets need no required keys.
    expect(set({}, 'notify_webhook:2 enable=off').notify_webhook?.['2']).toEqual({ enable: 'off' });
  });

  it('checks on|off and numbers, site names and regions', () => {
    expect(() => set({}, 'compression enable=yes')).toThrow(/'on' or 'off'/);
    expect(() => set({}, 'notify_webhook:1 endpoint=x queue_limit=many')).toThrow(/whole number/);
    expect(() => set({}, 'site name=Rack_1')).toThrow(/site name/);
    expect(() => set({}, 'site region=1abc')).toThrow(/region/);
    expect(set({}, 'site region=eu-west-1').site?._).toEqual({ region: 'eu-west-1' });
    // Keys that take one of a few words take only those.
    expect(() => set({}, 'scanner speed=warp')).toThrow(
      "'speed' must be one of fastest, fast, default, slow, slowest for 'scanner' sub-system",
    );
    expect(() => set({}, 'api list_quorum=most')).toThrow(/must be one of strict, optimal/);
    expect(() => set({}, 'scanner delay=soon')).toThrow(/'delay' must be a number/);
    expect(set({}, 'scanner speed=fastest delay=2.5').scanner?._).toEqual({ speed: 'fastest', delay: '2.5' });
  });

  it('prints targets in key order with a trailing space, enable=on left out, quoted when spaced', () => {
    const c = set({}, 'notify_webhook:1 endpoint=http://h:8080/hook auth_token="a b" comment="my hook"');
    expect(getKV(c, 'notify_webhook')).toBe(
      'notify_webhook enable=off endpoint= auth_token= queue_limit=0 queue_dir= client_cert= client_key= \n' +
        'notify_webhook:1 endpoint=http://h:8080/hook auth_token="a b" queue_limit=0 queue_dir= client_cert= client_key= comment="my hook" \n',
    );
    expect(getKV(c, 'notify_webhook:')).toBe(
      'notify_webhook enable=off endpoint= auth_token= queue_limit=0 queue_dir= client_cert= client_key= \n',
    );
    expect(() => getKV(c, 'notify_webhook:9')).toThrow(/not found/);
  });

  it('deletes whole targets or resets keys; deleting a missing target is not found', () => {
    const c = set({}, 'notify_webhook:1 endpoint=http://h/hook queue_limit=5');
    expect(deleteKeys(c, 'notify_webhook:1 queue_limit').config.notify_webhook?.['1']).toEqual({
      endpoint: 'http://h/hook',
      enable: 'on',
    });
    expect(deleteKeys(c, 'notify_webhook:1').config.notify_webhook?.['1']).toBeUndefined();
    expect(() => deleteKeys(c, 'notify_webhook:2')).toThrow(expect.objectContaining({ kind: 'notFound' }));
  });

  it('exports everything, commenting out disabled targets', () => {
    const text = exportAll(set({}, 'notify_redis:q address=localhost:6379 key=events'));
    expect(text).toContain(
      '\nnotify_redis:q address=localhost:6379 key=events format=namespace password= queue_dir= queue_limit=0 \n',
    );
    expect(text).toContain('# notify_redis enable=off address=');
    // subnet first, as MinIO lists its subsystems.
    expect(text.split('\n').slice(0, 2)).toEqual(['subnet license= api_key= proxy= ', 'site name= region= ']);
  });
});

describe('config help', () => {
  it('lists listed subsystems, one key, or env names', () => {
    const all = configHelp('', '', false);
    expect(all.keysHelp.map((k) => k.key)).toContain('identity_openid');
    expect(all.keysHelp.map((k) => k.key)).not.toContain('region');
    expect(configHelp('notify_webhook', 'endpoint', false).keysHelp).toEqual([
      {
        key: 'endpoint',
        type: 'url',
        description: expect.any(String),
        optional: false,
        multipleTargets: false,
      },
    ]);
    expect(configHelp('notify_webhook', '', true).keysHelp[0]?.key).toBe('MINIO_NOTIFY_WEBHOOK_ENABLE');
    expect(() => configHelp('nosuch', '', false)).toThrow(ConfigError);
  });
});

describe('the configuration as health info carries it', () => {
  it('lists every target with its full values and hides the secrets that are set', () => {
    const config = set(
      {},
      [
        'notify_webhook:audit endpoint=http://hook.example/x auth_token=s3cr3t',
        'identity_ldap server_addr=ldap.example:636 lookup_bind_password=bindpw',
        'notify_postgres:pg connection_string="host=db password=pw" table=events',
      ].join('\n'),
    );
    const out = redactedConfig(config);
    const value = (sub: string, target: string, key: string) =>
      out[sub]?.[target]?.find((kv) => kv.key === key)?.value;
    expect(value('notify_webhook', 'audit', 'endpoint')).toBe('http://hook.example/x');
    expect(value('notify_webhook', 'audit', 'auth_token')).toBe('*redacted*');
    expect(value('identity_ldap', '_', 'server_addr')).toBe('ldap.example:636');
    expect(value('identity_ldap', '_', 'lookup_bind_password')).toBe('*redacted*');
    expect(value('notify_postgres', 'pg', 'connection_string')).toBe('*redacted*');
    // Defaults show, and an empty secret stays empty (nothing to hide, and it says so).
    expect(value('notify_webhook', '_', 'auth_token')).toBe('');
    expect(value('site', '_', 'region')).toBe('');
    expect(JSON.stringify(out)).not.toMatch(/s3cr3t|bindpw|password=pw/);
  });
});
