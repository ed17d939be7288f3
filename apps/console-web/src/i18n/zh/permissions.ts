import type { permissions as en } from '../en/permissions.js';
import type { Translation } from '../translation.js';

/** Simplified Chinese texts: the permissions area. */
export const permissions: Translation<typeof en, 'zh'> = {
  permissions: {
    missing: '您需要 {{action}} 权限',
    operator: {
      readOnly: '此令牌为只读：不能{{right}}',
      missing: '此令牌不能{{right}}',
      rights: {
        createTenant: '创建租户',
        updateTenant: '更改租户',
        deleteTenant: '删除租户',
        createNamespace: '创建命名空间',
        deletePod: '删除 Pod',
        formatDrives: '格式化驱动器',
      },
    },
  },
};
