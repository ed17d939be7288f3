import type { permissions as en } from '../en/permissions.js';
import type { Translation } from '../translation.js';

/** French texts: the permissions area. */
export const permissions: Translation<typeof en, 'fr'> = {
  permissions: {
    missing: "Vous avez besoin de l'autorisation {{action}}",
    operator: {
      readOnly: 'Ce jeton est en lecture seule : il ne peut pas {{right}}',
      missing: 'Ce jeton ne peut pas {{right}}',
      rights: {
        createTenant: 'créer des locataires',
        updateTenant: 'modifier des locataires',
        deleteTenant: 'supprimer des locataires',
        createNamespace: 'créer des espaces de noms',
        deletePod: 'supprimer des pods',
        formatDrives: 'formater des disques',
      },
    },
  },
};
