import type { diagnostic as en } from '../en/diagnostic.js';
import type { Translation } from '../translation.js';

/** French texts: the diagnostic area. */
export const diagnostic: Translation<typeof en, 'fr'> = {
  diagnostic: {
    start: 'Lancer le diagnostic',
    download: 'Télécharger',
    inProgress: 'Diagnostic en cours',
    started: 'Diagnostic lancé. Veuillez ne pas actualiser la page pendant le diagnostic.',
    ready: 'Le fichier de diagnostic est prêt à être téléchargé.',
    failed: "Une erreur est survenue lors de l'obtention du fichier de diagnostic.",
    intro:
      "Collecte un rapport de santé du serveur (matériel, système d'exploitation, configuration sans les secrets, contrôles des disques et du réseau) que lisent les outils MinIO.",
  },
};
