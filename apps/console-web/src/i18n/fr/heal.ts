import type { heal as en } from '../en/heal.js';
import type { Translation } from '../translation.js';

/** French texts: the heal area. */
export const heal: Translation<typeof en, 'fr'> = {
  heal: {
    bucket: 'Bucket',
    selectBucket: 'Sélectionner un bucket',
    prefix: 'Préfixe',
    recursive: 'Récursif',
    forceStart: 'Forcer le démarrage',
    forceStop: "Forcer l'arrêt",
    start: 'Démarrer',
    chartTitle: 'État de santé des éléments [%]',
    before: 'Avant réparation',
    after: 'Après réparation',
    colours: { Green: 'Vert', Yellow: 'Jaune', Red: 'Rouge', Grey: 'Gris' },
    bar: '{{colour}} {{when}} : {{percent}} %',
    sizeScanned: 'Taille analysée',
    objectsHealed: 'Objets réparés',
    healedOfScanned: '{{healed}} / {{scanned}}',
    healingTime: 'Durée de réparation',
    seconds: '{{seconds}} s',
    summary: 'État : {{summary}}',
    notDistributed: "La réparation nécessite une installation distribuée (à codage d'effacement).",
  },
};
