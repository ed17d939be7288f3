import type { shareLinks as en } from '../en/shareLinks.js';
import type { Translation } from '../translation.js';

/** Arabic texts: the shareLinks area. */
export const shareLinks: Translation<typeof en, 'ar'> = {
  shareLinks: {
    intro:
      'كل روابط التنزيل والرفع التي أُنشئت في وحدة التحكم هذه. يؤدي إبطال رابط إلى حذف مفتاح الوصول الذي خلفه: يتوقف الرابط عن العمل فورًا.',
    introAll: 'أنت ترى روابط كل المستخدمين.',
    table: 'روابط المشاركة',
    empty: 'لا توجد روابط مشاركة بعد. شارك ملفًا أو أنشئ رابط إيداع في مستعرض الكائنات.',
    kind: 'النوع',
    kinds: { download: 'تنزيل', drop: 'رفع (إيداع)' },
    target: 'الكائن أو المجلد',
    creator: 'أنشأه',
    created: 'تاريخ الإنشاء',
    expires: 'ينتهي في',
    downloads: 'التنزيلات',
    downloadsOf: '{{count}} من {{limit}}',
    sizeLimit: 'حتى {{size}} للملف',
    state: 'الحالة',
    states: { active: 'نشط', revoked: 'مُبطل', expired: 'منتهٍ', exhausted: 'مستنفد' },
    copy: 'نسخ رابط {{target}}',
    copied: 'تم نسخ الرابط إلى الحافظة',
    revoke: 'إبطال رابط {{target}}',
    revokeTitle: 'إبطال رابط المشاركة',
    revokeMessage: 'هل تريد إبطال رابط {{target}}؟ سيفقد كل من لديه الرابط الوصول فورًا.',
    revokeConfirm: 'إبطال',
    revoked: 'تم إبطال الرابط',
    previous: 'الصفحة السابقة',
    next: 'الصفحة التالية',
    pageOf: '{{from}}–{{to}} من {{total}}',
  },
  dropLinks: {
    create: 'إنشاء رابط إيداع',
    title: 'إنشاء رابط إيداع',
    explain:
      'يمكن لأي شخص لديه الرابط رفع ملفات إلى {{target}} دون حساب حتى انتهاء صلاحيته. لا يمكنه رؤية أي شيء أو تنزيله أو حذفه.',
    sizeLimit: 'أكبر ملف (MiB)',
    expiresIn: 'ينتهي بعد',
    expiries: { '3600': 'ساعة واحدة', '86400': 'يوم واحد', '259200': '3 أيام', '604800': '7 أيام' },
    submit: 'إنشاء الرابط',
    link: 'رابط الإيداع',
    recorded: 'يظهر الرابط في روابط المشاركة، حيث يمكن إبطاله.',
  },
  shareLimit: {
    downloadLimit: 'حد التنزيلات (اختياري)',
    downloadLimitHint: 'اتركه فارغًا لعدم وضع حد. يمر الرابط المحدود عبر وحدة التحكم هذه التي تحصي التنزيلات.',
    recorded: 'يُسجَّل هذا الرابط في روابط المشاركة، حيث يمكن إبطاله.',
  },
  drop: {
    title: 'رفع الملفات',
    intro: 'تذهب الملفات التي ترفعها هنا إلى {{target}}.',
    limits: 'حتى {{size}} للملف. يعمل هذا الرابط حتى {{date}}.',
    choose: 'اختيار الملفات',
    upload: 'رفع',
    uploading: 'جارٍ رفع {{name}}…',
    uploaded: 'تم رفع {{name}}.',
    tooLarge: '{{name}} أكبر مما يسمح به هذا الرابط ({{size}}).',
    failed: 'تعذّر رفع {{name}}: {{reason}}',
    unavailable: 'لا يمكن استخدام هذا الرابط',
  },
};
