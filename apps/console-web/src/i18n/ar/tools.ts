import type { tools as en } from '../en/tools.js';
import type { Translation } from '../translation.js';

/** Arabic texts: the tools area. */
export const tools: Translation<typeof en, 'ar'> = {
  live: {
    status: {
      idle: 'لم يبدأ',
      connecting: 'جارٍ الاتصال',
      open: 'مباشر',
      reconnecting: 'جارٍ إعادة الاتصال',
      ended: 'متوقف',
      failed: 'توقف بسبب خطأ',
    },
    reconnecting: 'انقطع الاتصال؛ جارٍ إعادة الاتصال (المحاولة {{attempt}})…',
    refused: 'رفضت وحدة التحكم البث: {{reason}}',
    failedReason: 'أنهى الخادم البث: {{reason}}',
    lost: 'انقطع الاتصال بوحدة التحكم (الرمز {{code}}). تحقق من الشبكة أو الوكيل الموجود أمام وحدة التحكم، ثم ابدأ من جديد.',
    noReason: 'لم يُذكر سبب',
    received: 'تم استلام {{count}}',
    dropped: 'تم تجاهل أقدم {{count}} للحد من استخدام الذاكرة',
    pending: '{{count}} جديدة أثناء الإيقاف المؤقت',
    pause: 'إيقاف مؤقت',
    resume: 'استئناف',
    clear: 'مسح',
  },
};
