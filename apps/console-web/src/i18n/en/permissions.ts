/** English texts. Controls the session's policy (or, in operator mode, the token's RBAC) does not allow (spec 001 §6). */
export const permissions = {
  permissions: {
    missing: 'You need the {{action}} permission',
    operator: {
      readOnly: 'This token is read-only: it may not {{right}}',
      missing: 'This token may not {{right}}',
      rights: {
        createTenant: 'create tenants',
        updateTenant: 'change tenants',
        deleteTenant: 'delete tenants',
        createNamespace: 'create namespaces',
        deletePod: 'delete pods',
        formatDrives: 'format drives',
      },
    },
  },
} as const;
