import type { en } from './en.js';
import { buckets } from './es/buckets.js';
import { diagnostic } from './es/diagnostic.js';
import { heal } from './es/heal.js';
import { identities } from './es/identities.js';
import { jobs } from './es/jobs.js';
import { license } from './es/license.js';
import { logs } from './es/logs.js';
import { notifications } from './es/notifications.js';
import { objects } from './es/objects.js';
import { permissions } from './es/permissions.js';
import { settings } from './es/settings.js';
import { shareLinks } from './es/shareLinks.js';
import { shell } from './es/shell.js';
import { storage } from './es/storage.js';
import { tenants } from './es/tenants.js';
import { tenantTabs } from './es/tenantTabs.js';
import { tenantWizard } from './es/tenantWizard.js';
import { tiers } from './es/tiers.js';
import { tools } from './es/tools.js';
import { trace } from './es/trace.js';
import { watch } from './es/watch.js';
import type { Translation } from './translation.js';

/** Spanish texts, one file per area like English; registering an area is one import and one spread. */
export const es: Translation<typeof en, 'es'> = {
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
