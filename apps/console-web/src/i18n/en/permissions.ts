/** English texts. Controls the session's policy does not allow (spec 001 §6). */
export const permissions = {
  permissions: {
    missing: 'You need the {{action}} permission',
  },
} as const;
