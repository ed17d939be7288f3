import type { heal as en } from '../en/heal.js';
import type { Translation } from '../translation.js';

/** German texts: the heal area. */
export const heal: Translation<typeof en, 'de'> = {
  heal: {
    bucket: 'Bucket',
    selectBucket: 'Bucket auswählen',
    prefix: 'Präfix',
    recursive: 'Rekursiv',
    forceStart: 'Start erzwingen',
    forceStop: 'Stopp erzwingen',
    start: 'Starten',
    chartTitle: 'Integritätsstatus der Elemente [%]',
    before: 'Vor der Heilung',
    after: 'Nach der Heilung',
    colours: { Green: 'Grün', Yellow: 'Gelb', Red: 'Rot', Grey: 'Grau' },
    bar: '{{colour}} {{when}}: {{percent}} %',
    sizeScanned: 'Geprüfte Größe',
    objectsHealed: 'Geheilte Objekte',
    healedOfScanned: '{{healed}} / {{scanned}}',
    healingTime: 'Heilungsdauer',
    seconds: '{{seconds}} s',
    summary: 'Status: {{summary}}',
    notDistributed: 'Heilung erfordert eine verteilte Installation (mit Erasure-Coding).',
  },
};
