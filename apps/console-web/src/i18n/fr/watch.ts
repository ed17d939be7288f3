import type { watch as en } from '../en/watch.js';
import type { Translation } from '../translation.js';

/** French texts: the watch area. */
export const watch: Translation<typeof en, 'fr'> = {
  watch: {
    bucket: 'Bucket',
    selectBucket: 'Sélectionner un bucket',
    prefix: 'Préfixe',
    suffix: 'Suffixe',
    start: 'Démarrer',
    stop: 'Arrêter',
    table: 'Événements du bucket',
    columns: { time: 'Heure', size: 'Taille', type: 'Type', path: 'Chemin' },
    empty: 'Aucun changement pour le moment',
  },
};
