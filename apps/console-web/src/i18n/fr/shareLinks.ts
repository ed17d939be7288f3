import type { shareLinks as en } from '../en/shareLinks.js';
import type { Translation } from '../translation.js';

/** French texts: the shareLinks area. */
export const shareLinks: Translation<typeof en, 'fr'> = {
  shareLinks: {
    intro:
      "Tous les liens de téléchargement et de téléversement créés dans cette console. Révoquer un lien supprime la clé d'accès qui le sous-tend : le lien cesse aussitôt de fonctionner.",
    introAll: 'Vous voyez les liens de tous les utilisateurs.',
    table: 'Liens de partage',
    empty:
      "Aucun lien de partage pour le moment. Partagez un fichier ou créez un lien de dépôt dans le navigateur d'objets.",
    kind: 'Type',
    kinds: { download: 'Téléchargement', drop: 'Téléversement (dépôt)' },
    target: 'Objet ou dossier',
    creator: 'Créé par',
    created: 'Création',
    expires: 'Expiration',
    downloads: 'Téléchargements',
    downloadsOf: '{{count}} sur {{limit}}',
    sizeLimit: "Jusqu'à {{size}} par fichier",
    state: 'État',
    states: { active: 'Actif', revoked: 'Révoqué', expired: 'Expiré', exhausted: 'Épuisé' },
    copy: 'Copier le lien de {{target}}',
    copied: 'Lien copié dans le presse-papiers',
    revoke: 'Révoquer le lien de {{target}}',
    revokeTitle: 'Révoquer le lien de partage',
    revokeMessage: "Révoquer le lien de {{target}} ? Toute personne qui l'a perd aussitôt l'accès.",
    revokeConfirm: 'Révoquer',
    revoked: 'Lien révoqué',
    previous: 'Page précédente',
    next: 'Page suivante',
    pageOf: '{{from}}–{{to}} sur {{total}}',
  },
  dropLinks: {
    create: 'Créer un lien de dépôt',
    title: 'Créer un lien de dépôt',
    explain:
      "Toute personne disposant du lien peut téléverser des fichiers dans {{target}} sans compte, jusqu'à son expiration. Elle ne peut rien voir, télécharger ni supprimer.",
    sizeLimit: 'Fichier le plus gros (Mio)',
    expiresIn: 'Expire dans',
    expiries: { '3600': '1 heure', '86400': '1 jour', '259200': '3 jours', '604800': '7 jours' },
    submit: 'Créer le lien',
    link: 'Lien de dépôt',
    recorded: 'Le lien figure dans Liens de partage, où il peut être révoqué.',
  },
  shareLimit: {
    downloadLimit: 'Limite de téléchargements (facultatif)',
    downloadLimitHint:
      'Laissez vide pour aucune limite. Un lien limité passe par cette console, qui compte les téléchargements.',
    recorded: 'Ce lien est enregistré dans Liens de partage, où il peut être révoqué.',
  },
  drop: {
    title: 'Téléverser des fichiers',
    intro: 'Les fichiers que vous téléversez ici vont dans {{target}}.',
    limits: "Jusqu'à {{size}} par fichier. Ce lien fonctionne jusqu'au {{date}}.",
    choose: 'Choisir des fichiers',
    upload: 'Téléverser',
    uploading: 'Téléversement de {{name}}…',
    uploaded: '{{name}} téléversé.',
    tooLarge: '{{name}} dépasse la taille autorisée par ce lien ({{size}}).',
    failed: "{{name}} n'a pas pu être téléversé : {{reason}}",
    unavailable: 'Ce lien ne peut pas être utilisé',
  },
};
