import type { permissions as en } from '../en/permissions.js';
import type { Translation } from '../translation.js';

/** German texts: the permissions area. */
export const permissions: Translation<typeof en, 'de'> = {
  permissions: {
    missing: 'Sie benötigen die Berechtigung {{action}}',
    operator: {
      readOnly: 'Dieses Token ist schreibgeschützt: Es darf nicht {{right}}',
      missing: 'Dieses Token darf nicht {{right}}',
      rights: {
        createTenant: 'Mandanten erstellen',
        updateTenant: 'Mandanten ändern',
        deleteTenant: 'Mandanten löschen',
        createNamespace: 'Namespaces erstellen',
        deletePod: 'Pods löschen',
        formatDrives: 'Laufwerke formatieren',
      },
    },
  },
};
