import type { watch as en } from '../en/watch.js';
import type { Translation } from '../translation.js';

/** Arabic texts: the watch area. */
export const watch: Translation<typeof en, 'ar'> = {
  watch: {
    bucket: 'الحاوية',
    selectBucket: 'اختيار حاوية',
    prefix: 'البادئة',
    suffix: 'اللاحقة',
    start: 'بدء',
    stop: 'إيقاف',
    table: 'أحداث الحاوية',
    columns: { time: 'الوقت', size: 'الحجم', type: 'النوع', path: 'المسار' },
    empty: 'لا توجد تغييرات في الوقت الحالي',
  },
};
