import type { storage as en } from '../en/storage.js';
import type { Translation } from '../translation.js';

/** French texts: the storage area. */
export const storage: Translation<typeof en, 'fr'> = {
  storage: {
    tabs: 'Sections du stockage',
    volumes: {
      name: 'Nom',
      namespace: 'Espace de noms',
      status: 'Statut',
      tenant: 'Locataire',
      capacity: 'Capacité',
      storageClass: 'Classe de stockage',
      search: 'Rechercher des volumes (PVC)',
      empty: "Il n'y a pas encore de volumes",
      noMatch: 'Aucun volume ne correspond à la recherche',
      view: 'Afficher le locataire {{namespace}}/{{tenant}}',
    },
    drives: {
      drive: 'Disque',
      capacity: 'Capacité',
      allocated: 'Alloué',
      volumes: 'Volumes',
      node: 'Nœud',
      status: 'Statut',
      search: 'Rechercher des disques',
      refresh: 'Actualiser',
      empty: "Il n'y a aucun disque",
      noMatch: 'Aucun disque ne correspond à la recherche',
      select: 'Sélectionner {{drive}} sur {{node}}',
      selectAll: 'Sélectionner tous les disques',
      formatSelected: 'Formater les disques sélectionnés',
      formatAll: 'Formater tous les disques',
      format: 'Formater {{drive}} sur {{node}}',
      notInstalledTitle: "Direct CSI n'est pas disponible",
      notInstalled:
        'Pour gérer les disques attachés localement, installez le pilote Direct CSI dans le cluster.',
      notInstalledDetail: "Les disques n'ont pas pu être listés : {{message}}",
    },
    format: {
      title: 'Formater les disques',
      titleOne: 'Formater le disque',
      message:
        'Voulez-vous vraiment formater {{count}} disque(s) ? Toutes les informations qu’ils contiennent seront effacées et ne pourront pas être récupérées.',
      drives: 'Disques à formater',
      force: 'Forcer le formatage',
      forceHint: 'Formater aussi les disques qui ont déjà un système de fichiers ou appartiennent au pilote',
      confirmText: 'OUI, CONTINUER',
      typeToConfirm: 'Pour continuer, saisissez {{text}} dans le champ.',
      confirmInput: 'Confirmation',
      submit: 'Formater',
      done: 'Formatage lancé pour {{count}} disque(s)',
    },
    formatErrors: {
      title: 'Erreurs de formatage',
      message:
        'Des problèmes sont survenus lors du formatage des disques CSI sélectionnés ; corrigez-les puis réessayez.',
      node: 'Nœud',
      drive: 'Disque',
      error: 'Message',
      download: 'Télécharger',
      close: 'Fermer',
    },
  },
};
