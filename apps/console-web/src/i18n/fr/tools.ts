import type { tools as en } from '../en/tools.js';
import type { Translation } from '../translation.js';

/** French texts: the tools area. */
export const tools: Translation<typeof en, 'fr'> = {
  live: {
    status: {
      idle: 'Non démarré',
      connecting: 'Connexion',
      open: 'En direct',
      reconnecting: 'Reconnexion',
      ended: 'Arrêté',
      failed: 'Arrêté sur une erreur',
    },
    reconnecting: 'Connexion perdue ; reconnexion (tentative {{attempt}})…',
    refused: 'La console a refusé le flux : {{reason}}',
    failedReason: 'Le serveur a mis fin au flux : {{reason}}',
    lost: 'La connexion à la console a été perdue (code {{code}}). Vérifiez le réseau ou le proxy placé devant la console, puis recommencez.',
    noReason: 'aucune raison donnée',
    received: '{{count}} reçus',
    dropped: '{{count}} plus anciens supprimés pour limiter la mémoire',
    pending: '{{count}} nouveaux pendant la pause',
    pause: 'Pause',
    resume: 'Reprendre',
    clear: 'Effacer',
  },
};
