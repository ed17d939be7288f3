import type { en } from './en.js';
import type { Translation } from './translation.js';
import { buckets } from './zh/buckets.js';
import { diagnostic } from './zh/diagnostic.js';
import { heal } from './zh/heal.js';
import { identities } from './zh/identities.js';
import { jobs } from './zh/jobs.js';
import { license } from './zh/license.js';
import { logs } from './zh/logs.js';
import { notifications } from './zh/notifications.js';
import { objects } from './zh/objects.js';
import { permissions } from './zh/permissions.js';
import { settings } from './zh/settings.js';
import { shareLinks } from './zh/shareLinks.js';
import { shell } from './zh/shell.js';
import { storage } from './zh/storage.js';
import { tenants } from './zh/tenants.js';
import { tenantTabs } from './zh/tenantTabs.js';
import { tenantWizard } from './zh/tenantWizard.js';
import { tiers } from './zh/tiers.js';
import { tools } from './zh/tools.js';
import { trace } from './zh/trace.js';
import { watch } from './zh/watch.js';

/** Simplified Chinese texts, one file per area like English; registering an area is one import and one spread. */
export const zh: Translation<typeof en, 'zh'> = {
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
