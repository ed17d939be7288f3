import type { tiers as en } from '../en/tiers.js';
import type { Translation } from '../translation.js';

/** German texts of Settings → Tiers. */
export const tiers: Translation<typeof en, 'de'> = {
  tiers: {
    title: 'Stufen',
    search: 'Stufen filtern',
    refresh: 'Aktualisieren',
    add: 'Stufe hinzufügen',
    empty: 'Es gibt noch keine Stufen',
    noMatch: 'Keine Stufen entsprechen dem Filter',
    columns: {
      name: 'Stufenname',
      type: 'Typ',
      endpoint: 'Endpunkt',
      bucket: 'Bucket',
      prefix: 'Präfix',
      region: 'Region',
      objects: 'Objekte',
      versions: 'Versionen',
      usage: 'Nutzung',
    },
    types: { minio: 'MinIO', gcs: 'GCS', s3: 'S3', azure: 'Azure' },
    providers: { minio: 'MinIO', gcs: 'Google Cloud Storage', s3: 'Amazon S3', azure: 'Microsoft Azure' },
    backToTiers: 'Zurück zu den Stufen',
    backToTypes: 'Zurück zur Auswahl des Stufentyps',
    chooseType: 'Stufentyp auswählen',
    typeChoice: 'Stufentypen',
    addConfiguration: 'Stufenkonfiguration hinzufügen',
    save: 'Speichern',
    fields: {
      name: 'Name',
      endpoint: 'Endpunkt',
      accesskey: 'Zugriffsschlüssel',
      secretkey: 'Geheimer Schlüssel',
      accountname: 'Kontoname',
      accountkey: 'Kontoschlüssel',
      creds: 'Zugangsdaten',
      bucket: 'Bucket',
      prefix: 'Präfix',
      region: 'Region',
      storageclass: 'Speicherklasse',
    },
    credsHint: 'Die Schlüsseldatei des Dienstkontos (.json)',
    credsPlaceholder: 'Eine .json-Datei wählen',
    credsUnreadable: 'Die Datei konnte nicht gelesen werden',
    problems: {
      pattern:
        'Bitte prüfen Sie, dass der Text nur Großbuchstaben und gültige Zeichen (Ziffern, Bindestriche und Unterstriche) enthält.',
    },
    edit: 'Zugangsdaten von {{tier}} aktualisieren',
    updateCredentials: 'Zugangsdaten aktualisieren',
    noTierName: 'Beim Abrufen der Stufeninformationen ist ein Fehler aufgetreten.',
    credentials: {
      access_key: 'Zugriffsschlüssel',
      secret_key: 'Geheimer Schlüssel',
      account_name: 'Kontoname',
      account_key: 'Kontoschlüssel',
      creds: 'Zugangsdaten',
    },
  },
};
