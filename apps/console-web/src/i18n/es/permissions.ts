import type { permissions as en } from '../en/permissions.js';
import type { Translation } from '../translation.js';

/** Spanish texts: the permissions area. */
export const permissions: Translation<typeof en, 'es'> = {
  permissions: {
    missing: 'Necesita el permiso {{action}}',
    operator: {
      readOnly: 'Este token es de solo lectura: no puede {{right}}',
      missing: 'Este token no puede {{right}}',
      rights: {
        createTenant: 'crear inquilinos',
        updateTenant: 'modificar inquilinos',
        deleteTenant: 'eliminar inquilinos',
        createNamespace: 'crear espacios de nombres',
        deletePod: 'eliminar pods',
        formatDrives: 'formatear unidades',
      },
    },
  },
};
