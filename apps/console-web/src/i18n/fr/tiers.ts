import type { tiers as en } from '../en/tiers.js';
import type { Translation } from '../translation.js';

/** French texts of Settings → Tiers. */
export const tiers: Translation<typeof en, 'fr'> = {
  tiers: {
    title: 'Niveaux',
    search: 'Filtrer les niveaux',
    refresh: 'Actualiser',
    add: 'Ajouter un niveau',
    empty: "Il n'y a pas encore de niveaux",
    noMatch: 'Aucun niveau ne correspond au filtre',
    columns: {
      name: 'Nom du niveau',
      type: 'Type',
      endpoint: 'Point de terminaison',
      bucket: 'Bucket',
      prefix: 'Préfixe',
      region: 'Région',
      objects: 'Objets',
      versions: 'Versions',
      usage: 'Utilisation',
    },
    types: { minio: 'MinIO', gcs: 'GCS', s3: 'S3', azure: 'Azure' },
    providers: { minio: 'MinIO', gcs: 'Google Cloud Storage', s3: 'Amazon S3', azure: 'Microsoft Azure' },
    backToTiers: 'Retour aux niveaux',
    backToTypes: 'Retour au choix du type de niveau',
    chooseType: 'Choisir le type de niveau',
    typeChoice: 'Types de niveau',
    addConfiguration: 'Ajouter une configuration de niveau',
    save: 'Enregistrer',
    fields: {
      name: 'Nom',
      endpoint: 'Point de terminaison',
      accesskey: "Clé d'accès",
      secretkey: 'Clé secrète',
      accountname: 'Nom du compte',
      accountkey: 'Clé du compte',
      creds: 'Identifiants',
      bucket: 'Bucket',
      prefix: 'Préfixe',
      region: 'Région',
      storageclass: 'Classe de stockage',
    },
    credsHint: 'Le fichier de clé du compte de service (.json)',
    credsPlaceholder: 'Choisissez un fichier .json',
    credsUnreadable: "Le fichier n'a pas pu être lu",
    problems: {
      pattern:
        'Vérifiez que le texte est uniquement en majuscules et ne contient que des caractères valides (chiffres, tirets et traits de soulignement).',
    },
    edit: 'Mettre à jour les identifiants de {{tier}}',
    updateCredentials: 'Mettre à jour les identifiants',
    noTierName: 'Une erreur est survenue lors de la récupération des informations du niveau.',
    credentials: {
      access_key: "Clé d'accès",
      secret_key: 'Clé secrète',
      account_name: 'Nom du compte',
      account_key: 'Clé du compte',
      creds: 'Identifiants',
    },
  },
};
