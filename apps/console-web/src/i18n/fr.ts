import type { en } from './en.js';
import { buckets } from './fr/buckets.js';
import { diagnostic } from './fr/diagnostic.js';
import { heal } from './fr/heal.js';
import { identities } from './fr/identities.js';
import { jobs } from './fr/jobs.js';
import { license } from './fr/license.js';
import { logs } from './fr/logs.js';
import { notifications } from './fr/notifications.js';
import { objects } from './fr/objects.js';
import { permissions } from './fr/permissions.js';
import { settings } from './fr/settings.js';
import { shareLinks } from './fr/shareLinks.js';
import { shell } from './fr/shell.js';
import { storage } from './fr/storage.js';
import { tenants } from './fr/tenants.js';
import { tenantTabs } from './fr/tenantTabs.js';
import { tenantWizard } from './fr/tenantWizard.js';
import { tiers } from './fr/tiers.js';
import { tools } from './fr/tools.js';
import { trace } from './fr/trace.js';
import { watch } from './fr/watch.js';
import type { Translation } from './translation.js';

/** French texts, one file per area like English; registering an area is one import and one spread. */
export const fr: Translation<typeof en, 'fr'> = {
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
