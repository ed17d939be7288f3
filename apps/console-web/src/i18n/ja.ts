import type { en } from './en.js';
import { buckets } from './ja/buckets.js';
import { diagnostic } from './ja/diagnostic.js';
import { heal } from './ja/heal.js';
import { identities } from './ja/identities.js';
import { jobs } from './ja/jobs.js';
import { license } from './ja/license.js';
import { logs } from './ja/logs.js';
import { notifications } from './ja/notifications.js';
import { objects } from './ja/objects.js';
import { permissions } from './ja/permissions.js';
import { settings } from './ja/settings.js';
import { shareLinks } from './ja/shareLinks.js';
import { shell } from './ja/shell.js';
import { storage } from './ja/storage.js';
import { tenants } from './ja/tenants.js';
import { tenantTabs } from './ja/tenantTabs.js';
import { tenantWizard } from './ja/tenantWizard.js';
import { tiers } from './ja/tiers.js';
import { tools } from './ja/tools.js';
import { trace } from './ja/trace.js';
import { watch } from './ja/watch.js';
import type { Translation } from './translation.js';

/** Japanese texts, one file per area like English; registering an area is one import and one spread. */
export const ja: Translation<typeof en, 'ja'> = {
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
