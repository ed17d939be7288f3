import type { heal as en } from '../en/heal.js';
import type { Translation } from '../translation.js';

/** Arabic texts: the heal area. */
export const heal: Translation<typeof en, 'ar'> = {
  heal: {
    bucket: 'الحاوية',
    selectBucket: 'اختيار حاوية',
    prefix: 'البادئة',
    recursive: 'تكراري',
    forceStart: 'فرض البدء',
    forceStop: 'فرض الإيقاف',
    start: 'بدء',
    chartTitle: 'حالة سلامة العناصر [%]',
    before: 'قبل الإصلاح',
    after: 'بعد الإصلاح',
    colours: { Green: 'أخضر', Yellow: 'أصفر', Red: 'أحمر', Grey: 'رمادي' },
    bar: '{{colour}} {{when}}: {{percent}}%',
    sizeScanned: 'الحجم المفحوص',
    objectsHealed: 'الكائنات التي تم إصلاحها',
    healedOfScanned: '{{healed}} / {{scanned}}',
    healingTime: 'مدة الإصلاح',
    seconds: '{{seconds}} ث',
    summary: 'الحالة: {{summary}}',
    notDistributed: 'يتطلب الإصلاح إعدادًا موزّعًا (بترميز المحو).',
  },
};
