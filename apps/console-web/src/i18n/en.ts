import { buckets } from './en/buckets.js';
import { deployments } from './en/deployments.js';
import { diagnostic } from './en/diagnostic.js';
import { heal } from './en/heal.js';
import { identities } from './en/identities.js';
import { jobs } from './en/jobs.js';
import { license } from './en/license.js';
import { logs } from './en/logs.js';
import { notifications } from './en/notifications.js';
import { objects } from './en/objects.js';
import { permissions } from './en/permissions.js';
import { policyStudio } from './en/policyStudio.js';
import { settings } from './en/settings.js';
import { shareLinks } from './en/shareLinks.js';
import { shell } from './en/shell.js';
import { shortcuts } from './en/shortcuts.js';
import { simulator } from './en/simulator.js';
import { storage } from './en/storage.js';
import { tenants } from './en/tenants.js';
import { tenantTabs } from './en/tenantTabs.js';
import { tenantWizard } from './en/tenantWizard.js';
import { tiers } from './en/tiers.js';
import { tools } from './en/tools.js';
import { trace } from './en/trace.js';
import { watch } from './en/watch.js';

/** English texts, one file per area; keys group them by screen. */
export const en = {
  ...shell,
  ...identities,
  ...simulator,
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
  ...shortcuts,
  ...deployments,
  ...policyStudio,
} as const;

export type Resources = typeof en;
