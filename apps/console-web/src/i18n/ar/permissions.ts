import type { permissions as en } from '../en/permissions.js';
import type { Translation } from '../translation.js';

/** Arabic texts: the permissions area. */
export const permissions: Translation<typeof en, 'ar'> = {
  permissions: {
    missing: 'تحتاج إلى الصلاحية {{action}}',
    operator: {
      readOnly: 'هذا الرمز للقراءة فقط: لا يمكنه {{right}}',
      missing: 'لا يمكن لهذا الرمز {{right}}',
      rights: {
        createTenant: 'إنشاء مستأجرين',
        updateTenant: 'تغيير المستأجرين',
        deleteTenant: 'حذف المستأجرين',
        createNamespace: 'إنشاء مساحات أسماء',
        deletePod: 'حذف Pods',
        formatDrives: 'تهيئة الأقراص',
      },
    },
  },
};
