import type { heal as en } from '../en/heal.js';
import type { Translation } from '../translation.js';

/** Spanish texts: the heal area. */
export const heal: Translation<typeof en, 'es'> = {
  heal: {
    bucket: 'Bucket',
    selectBucket: 'Seleccionar bucket',
    prefix: 'Prefijo',
    recursive: 'Recursivo',
    forceStart: 'Forzar inicio',
    forceStop: 'Forzar parada',
    start: 'Iniciar',
    chartTitle: 'Estado de salud de los elementos [%]',
    before: 'Antes de la reparación',
    after: 'Después de la reparación',
    colours: { Green: 'Verde', Yellow: 'Amarillo', Red: 'Rojo', Grey: 'Gris' },
    bar: '{{colour}} {{when}}: {{percent}} %',
    sizeScanned: 'Tamaño analizado',
    objectsHealed: 'Objetos reparados',
    healedOfScanned: '{{healed}} / {{scanned}}',
    healingTime: 'Tiempo de reparación',
    seconds: '{{seconds}} s',
    summary: 'Estado: {{summary}}',
    notDistributed: 'La reparación requiere una instalación distribuida (con codificación de borrado).',
  },
};
