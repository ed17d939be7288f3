import type { diagnostic as en } from '../en/diagnostic.js';
import type { Translation } from '../translation.js';

/** Arabic texts: the diagnostic area. */
export const diagnostic: Translation<typeof en, 'ar'> = {
  diagnostic: {
    start: 'بدء التشخيص',
    download: 'تنزيل',
    inProgress: 'التشخيص قيد التنفيذ',
    started: 'بدأ التشخيص. يُرجى عدم تحديث الصفحة أثناء التشخيص.',
    ready: 'ملف التشخيص جاهز للتنزيل.',
    failed: 'حدث خطأ أثناء جلب ملف التشخيص.',
    intro:
      'يجمع تقرير سلامة للخادم (العتاد ونظام التشغيل والإعداد بعد إزالة الأسرار وفحوص الأقراص والشبكة) تقرؤه أدوات MinIO.',
  },
};
