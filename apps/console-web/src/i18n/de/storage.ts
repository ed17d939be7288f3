import type { storage as en } from '../en/storage.js';
import type { Translation } from '../translation.js';

/** German texts: the storage area. */
export const storage: Translation<typeof en, 'de'> = {
  storage: {
    tabs: 'Speicherbereiche',
    volumes: {
      name: 'Name',
      namespace: 'Namespace',
      status: 'Status',
      tenant: 'Mandant',
      capacity: 'Kapazität',
      storageClass: 'Speicherklasse',
      search: 'Volumes (PVCs) durchsuchen',
      empty: 'Es gibt noch keine Volumes',
      noMatch: 'Kein Volume entspricht der Suche',
      view: 'Mandant {{namespace}}/{{tenant}} anzeigen',
    },
    drives: {
      drive: 'Laufwerk',
      capacity: 'Kapazität',
      allocated: 'Zugewiesen',
      volumes: 'Volumes',
      node: 'Knoten',
      status: 'Status',
      search: 'Laufwerke durchsuchen',
      refresh: 'Aktualisieren',
      empty: 'Es gibt keine Laufwerke',
      noMatch: 'Kein Laufwerk entspricht der Suche',
      select: '{{drive}} auf {{node}} auswählen',
      selectAll: 'Alle Laufwerke auswählen',
      formatSelected: 'Ausgewählte Laufwerke formatieren',
      formatAll: 'Alle Laufwerke formatieren',
      format: '{{drive}} auf {{node}} formatieren',
      notInstalledTitle: 'Direct CSI ist nicht verfügbar',
      notInstalled:
        'Um lokal angeschlossene Laufwerke zu verwalten, müssen Sie den Direct-CSI-Treiber im Cluster installieren.',
      notInstalledDetail: 'Die Laufwerke konnten nicht aufgelistet werden: {{message}}',
    },
    format: {
      title: 'Laufwerke formatieren',
      titleOne: 'Laufwerk formatieren',
      message:
        'Möchten Sie {{count}} Laufwerk(e) wirklich formatieren? Alle darauf enthaltenen Daten werden gelöscht und können nicht wiederhergestellt werden.',
      drives: 'Zu formatierende Laufwerke',
      force: 'Formatierung erzwingen',
      forceHint: 'Auch Laufwerke formatieren, die bereits ein Dateisystem haben oder dem Treiber gehören',
      confirmText: 'JA, FORTFAHREN',
      typeToConfirm: 'Geben Sie zum Fortfahren {{text}} in das Feld ein.',
      confirmInput: 'Bestätigung',
      submit: 'Formatieren',
      done: 'Formatierung für {{count}} Laufwerk(e) gestartet',
    },
    formatErrors: {
      title: 'Formatierungsfehler',
      message:
        'Beim Formatieren der ausgewählten CSI-Laufwerke sind Probleme aufgetreten. Beheben Sie die Probleme und versuchen Sie es erneut.',
      node: 'Knoten',
      drive: 'Laufwerk',
      error: 'Meldung',
      download: 'Herunterladen',
      close: 'Schließen',
    },
  },
};
