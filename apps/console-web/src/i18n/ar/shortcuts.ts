import type { shortcuts as en } from '../en/shortcuts.js';
import type { Translation } from '../translation.js';

/** Arabic texts: the keyboard help dialog and the display settings. */
export const shortcuts: Translation<typeof en, 'ar'> = {
  shortcuts: {
    title: 'اختصارات لوحة المفاتيح والعرض',
    open: 'اختصارات لوحة المفاتيح',
    chordThen: 'ثم',
    areas: {
      global: 'في أي مكان',
      navigation: 'الانتقال إلى صفحة',
      tables: 'في جدول',
      dialogs: 'في مربع حوار',
    },
    actions: {
      help: 'عرض هذه المساعدة',
      palette: 'فتح لوحة الأوامر',
      search: 'البحث في هذه الصفحة',
      go: {
        d: 'لوحة المعلومات',
        b: 'الحاويات',
        u: 'المستخدمون',
        g: 'المجموعات',
        p: 'السياسات',
        s: 'الإعدادات',
        j: 'المهام',
        t: 'المستأجرون',
      },
      rows: 'الصف السابق أو التالي',
      pages: 'صفحة من الصفوف للأعلى أو للأسفل',
      ends: 'الصف الأول أو الأخير',
      open: 'فتح الصف',
      select: 'تحديد الصف',
      selectRange: 'التحديد حتى الصف',
      next: 'الحقل التالي',
      previous: 'الحقل السابق',
      close: 'إغلاق مربع الحوار',
    },
    display: 'العرض',
    highContrast: 'تباين عالٍ',
    highContrastHint: 'نص وحدود بكامل قوتها، وروابط مسطّرة، وإطار تركيز عريض.',
    reduceMotion: 'تقليل الحركة',
    reduceMotionHint: 'بلا انزلاق أو تلاشٍ أو دوران. يتبع إعداد النظام حتى يُغيَّر.',
  },
};
