import { buckets } from './ar/buckets.js';
import { diagnostic } from './ar/diagnostic.js';
import { heal } from './ar/heal.js';
import { identities } from './ar/identities.js';
import { jobs } from './ar/jobs.js';
import { license } from './ar/license.js';
import { logs } from './ar/logs.js';
import { notifications } from './ar/notifications.js';
import { objects } from './ar/objects.js';
import { permissions } from './ar/permissions.js';
import { settings } from './ar/settings.js';
import { shareLinks } from './ar/shareLinks.js';
import { shell } from './ar/shell.js';
import { storage } from './ar/storage.js';
import { tenants } from './ar/tenants.js';
import { tenantTabs } from './ar/tenantTabs.js';
import { tenantWizard } from './ar/tenantWizard.js';
import { tiers } from './ar/tiers.js';
import { tools } from './ar/tools.js';
import { trace } from './ar/trace.js';
import { watch } from './ar/watch.js';
import type { en } from './en.js';
import type { Translation } from './translation.js';

/** Arabic texts, one file per area like English; registering an area is one import and one spread. */
export const ar: Translation<typeof en, 'ar'> = {
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
