import { cors } from './cors.js';
import { lifecycle, replication } from './documents.js';
import { encryption } from './encryption.js';
import type { ConfigSpecs } from './kind.js';
import { notification } from './notification.js';
import { objectLock } from './object-lock.js';
import { policy } from './policy.js';
import { tagging } from './tagging.js';
import { versioning } from './versioning.js';

export const CONFIG_SPECS: ConfigSpecs = {
  versioning,
  tagging,
  policy,
  'object-lock': objectLock,
  encryption,
  cors,
  lifecycle,
  notification,
  replication,
};
