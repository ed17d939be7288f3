import type { ConfigHelp as Help, HelpKV } from '@stowage/madmin';
import { ConfigError } from './kv.js';
import { SUBSYSTEMS, subsystem } from './subsystems.js';

// help-config-kv (madmin-protocol.md §6.4): exactly these fields, as madmin decodes them
// with DisallowUnknownFields.

/** Help for a subsystem (or the list of subsystems when empty), one key, or env names. */
export function configHelp(subSys: string, key: string, env: boolean): Help {
  if (subSys === '') {
    return {
      subSys: '',
      description: '',
      multipleTargets: false,
      keysHelp: SUBSYSTEMS.filter((s) => s.listed).map((s) => ({
        key: s.name,
        type: '',
        description: s.description,
        optional: false,
        multipleTargets: s.multi,
      })),
    };
  }
  const sub = subsystem(subSys);
  if (!sub) throw new ConfigError(`unknown sub-system ${subSys}`);
  let keys: HelpKV[] = sub.keys.map((k) => ({
    key: k.key,
    type: k.type,
    description: k.description,
    optional: !k.required,
    multipleTargets: false,
  }));
  keys.push({
    key: 'comment',
    type: 'sentence',
    description: 'optionally add a comment to this setting',
    optional: true,
    multipleTargets: false,
  });
  if (key !== '') {
    keys = keys.filter((k) => k.key === key);
    if (keys.length === 0) throw new ConfigError(`unknown key '${key}' for sub-system '${subSys}'`);
  }
  if (env) {
    const prefix = `MINIO_${sub.name.toUpperCase()}_`;
    keys = keys.map((k) => ({ ...k, key: `${prefix}${k.key.toUpperCase()}` }));
    if (sub.multi && !keys.some((k) => k.key === `${prefix}ENABLE`))
      keys.unshift({
        key: `${prefix}ENABLE`,
        type: 'on|off',
        description: 'enable this target',
        optional: true,
        multipleTargets: false,
      });
  }
  return { subSys: sub.name, description: sub.description, multipleTargets: sub.multi, keysHelp: keys };
}
