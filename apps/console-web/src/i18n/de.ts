import { buckets } from './de/buckets.js';
import { diagnostic } from './de/diagnostic.js';
import { heal } from './de/heal.js';
import { identities } from './de/identities.js';
import { jobs } from './de/jobs.js';
import { license } from './de/license.js';
import { logs } from './de/logs.js';
import { notifications } from './de/notifications.js';
import { objects } from './de/objects.js';
import { permissions } from './de/permissions.js';
import { settings } from './de/settings.js';
import { shareLinks } from './de/shareLinks.js';
import { shell } from './de/shell.js';
import { storage } from './de/storage.js';
import { tenants } from './de/tenants.js';
import { tenantTabs } from './de/tenantTabs.js';
import { tenantWizard } from './de/tenantWizard.js';
import { tiers } from './de/tiers.js';
import { tools } from './de/tools.js';
import { trace } from './de/trace.js';
import { watch } from './de/watch.js';
import type { en } from './en.js';
import type { Translation } from './translation.js';

/** German texts, one file per area like English; registering an area is one import and one spread. */
export const de: Translation<typeof en, 'de'> = {
  ...shell,
  ...identities,
  ...settings,
  ...tiers,
  ...notifications,
  ...buckets,
  ...objects,
  ...jobs,
  ...tools,
  ...trace,
  ...watch,
  ...logs,
  ...heal,
  ...diagnostic,
  ...license,
  ...storage,
  ...permissions,
  ...tenants,
  ...tenantWizard,
  ...tenantTabs,
  ...shareLinks,
};
