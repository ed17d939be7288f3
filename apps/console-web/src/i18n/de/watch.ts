import type { watch as en } from '../en/watch.js';
import type { Translation } from '../translation.js';

/** German texts: the watch area. */
export const watch: Translation<typeof en, 'de'> = {
  watch: {
    bucket: 'Bucket',
    selectBucket: 'Bucket auswählen',
    prefix: 'Präfix',
    suffix: 'Suffix',
    start: 'Starten',
    stop: 'Stoppen',
    table: 'Bucket-Ereignisse',
    columns: { time: 'Zeit', size: 'Größe', type: 'Typ', path: 'Pfad' },
    empty: 'Derzeit keine Änderungen',
  },
};
