import { describe, expect, it } from 'vitest';
import { configEnvFrom, envTargets, envVarName, withEnv } from './env.js';
import { configHelp } from './help.js';
import { applyLines, exportAll, getKV, parseText, redactedConfig, type ServerConfig } from './kv.js';
import { subsystem } from './subsystems.js';

const set = (config: ServerConfig, text: string) => applyLines(config, parseText(text));
const LICENSE = 'eyJhbGciOiJFUzM4NCJ9.eyJsaWQiOiIxIn0.c2ln';

describe('the subnet subsystem', () => {
  it("has MinIO's keys and help, and is listed first", () => {
    const help = configHelp('subnet', '', false);
    expect(help.description).toBe('register Enterprise license for the cluster');
    expect(help.multipleTargets).toBe(false);
    expect(help.keysHelp.map((k) => [k.key, k.description, k.optional])).toEqual([
      ['license', 'Enterprise license for the cluster', true],
      ['api_key', 'Enterprise license API key for the cluster', true],
      ['proxy', 'HTTP(s) proxy URL to use for connecting to SUBNET', true],
      ['comment', 'optionally add a comment to this setting', true],
    ]);
    expect(configHelp('subnet', '', true).keysHelp.map((k) => k.key)).toEqual([
      'MINIO_SUBNET_LICENSE',
      'MINIO_SUBNET_API_KEY',
      'MINIO_SUBNET_PROXY',
      'MINIO_SUBNET_COMMENT',
    ]);
    expect(configHelp('', '', false).keysHelp[0]?.key).toBe('subnet');
  });

  it('stores a licence and shows it (sensitive, not secret: only health info redacts it)', () => {
    const c = set({}, `subnet license=${LICENSE} api_key=k-1`);
    expect(getKV(c, 'subnet')).toBe(`subnet license=${LICENSE} api_key=k-1 proxy= \n`);
    const subnet = redactedConfig(c).subnet?._;
    expect(subnet).toEqual([
      { key: 'license', value: '*redacted*' },
      { key: 'api_key', value: '*redacted*' },
      { key: 'proxy', value: '' },
    ]);
  });

  it('takes an http(s) proxy only', () => {
    expect(set({}, 'subnet proxy=http://proxy.local:3128').subnet?._?.proxy).toBe('http://proxy.local:3128');
    expect(() => set({}, 'subnet proxy=ftp://proxy.local')).toThrow('unexpected scheme found ftp');
    expect(() => set({}, 'subnet proxy=not-a-url')).toThrow("invalid proxy URL 'not-a-url'");
    expect(() => set({}, 'subnet:x license=a')).toThrow(
      "sub-system 'subnet' does not support multiple targets",
    );
  });
});

describe('configuration from the environment', () => {
  it('keeps only non-empty MINIO_ variables', () => {
    const env = configEnvFrom({ MINIO_SUBNET_LICENSE: LICENSE, MINIO_SUBNET_API_KEY: '', HOME: '/root' });
    expect([...env]).toEqual([['MINIO_SUBNET_LICENSE', LICENSE]]);
  });

  it('names variables as MinIO does: the target appended as written', () => {
    const webhook = subsystem('notify_webhook')!;
    expect(envVarName(subsystem('subnet')!, '_', 'api_key')).toBe('MINIO_SUBNET_API_KEY');
    expect(envVarName(webhook, 'primary', 'endpoint')).toBe('MINIO_NOTIFY_WEBHOOK_ENDPOINT_primary');
  });

  it('finds named targets by the longest key a variable starts with', () => {
    const logger = subsystem('logger_webhook')!;
    const env = configEnvFrom({
      MINIO_LOGGER_WEBHOOK_ENDPOINT_one: 'http://h/1',
      MINIO_LOGGER_WEBHOOK_CLIENT_KEY_two: '/k',
      MINIO_LOGGER_WEBHOOK_ENDPOINT: 'http://h/default',
    });
    expect(envTargets(logger, env).sort()).toEqual(['one', 'two']);
    expect(envTargets(subsystem('subnet')!, configEnvFrom({ MINIO_SUBNET_LICENSE_x: 'a' }))).toEqual([]);
  });

  it('wins over the stored value; the stored document is not changed', () => {
    const stored = set({}, 'subnet license=stored-licence proxy=http://p:1');
    const env = configEnvFrom({ MINIO_SUBNET_LICENSE: LICENSE });
    const running = withEnv(stored, env);
    expect(running.subnet?._).toEqual({ license: LICENSE, proxy: 'http://p:1' });
    expect(stored.subnet?._?.license).toBe('stored-licence');
    expect(withEnv(stored, configEnvFrom({}))).toBe(stored);
  });

  it('adds targets only the environment defines', () => {
    const env = configEnvFrom({
      MINIO_AUDIT_WEBHOOK_ENABLE_siem: 'on',
      MINIO_AUDIT_WEBHOOK_ENDPOINT_siem: 'http://s',
    });
    expect(withEnv({}, env).audit_webhook?.siem).toEqual({ enable: 'on', endpoint: 'http://s' });
  });

  it('is shown by get-config-kv as MinIO writes it: a # line per variable above the stored line', () => {
    const stored = set({}, 'subnet license=stored-licence');
    const env = configEnvFrom({ MINIO_SUBNET_LICENSE: LICENSE, MINIO_SUBNET_PROXY: 'http://p:3128' });
    expect(getKV(stored, 'subnet', env)).toBe(
      `# MINIO_SUBNET_LICENSE=${LICENSE}\n# MINIO_SUBNET_PROXY=http://p:3128\nsubnet license=stored-licence api_key= proxy= \n`,
    );
    expect(getKV({}, 'subnet:', env)).toContain(
      '# MINIO_SUBNET_PROXY=http://p:3128\nsubnet license= api_key= proxy= \n',
    );
  });

  it('lists env-only targets in get-config-kv and get-config', () => {
    const env = configEnvFrom({ MINIO_LOGGER_WEBHOOK_ENDPOINT_ops: 'http://ops/logs' });
    const text = getKV({}, 'logger_webhook', env);
    expect(text).toContain('# MINIO_LOGGER_WEBHOOK_ENDPOINT_ops=http://ops/logs\nlogger_webhook:ops ');
    expect(getKV({}, 'logger_webhook:ops', env)).toContain('logger_webhook:ops ');
    expect(() => getKV({}, 'logger_webhook:other', env)).toThrow("target 'logger_webhook:other' not found");
    expect(exportAll({}, env)).toContain(
      '# MINIO_LOGGER_WEBHOOK_ENDPOINT_ops=http://ops/logs\n# logger_webhook:ops enable=off ',
    );
  });
});
