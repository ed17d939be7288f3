import { effective, type ServerConfig } from './kv.js';
import { subsystem } from './subsystems.js';

// The api subsystem's settings that apply as soon as they are set.

/** api cors_allow_origin: the origins allowed where a bucket has no CORS rules ('*' by default). */
export function corsAllowOrigins(config: ServerConfig): string[] {
  const value = effective(config, subsystem('api')!, '_').cors_allow_origin ?? '*';
  return value
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '');
}
