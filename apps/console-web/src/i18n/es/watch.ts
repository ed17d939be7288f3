import type { watch as en } from '../en/watch.js';
import type { Translation } from '../translation.js';

/** Spanish texts: the watch area. */
export const watch: Translation<typeof en, 'es'> = {
  watch: {
    bucket: 'Bucket',
    selectBucket: 'Seleccionar bucket',
    prefix: 'Prefijo',
    suffix: 'Sufijo',
    start: 'Iniciar',
    stop: 'Detener',
    table: 'Eventos del bucket',
    columns: { time: 'Hora', size: 'Tamaño', type: 'Tipo', path: 'Ruta' },
    empty: 'No hay cambios por ahora',
  },
};
