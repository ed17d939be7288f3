import type { shareLinks as en } from '../en/shareLinks.js';
import type { Translation } from '../translation.js';

/** German texts: the shareLinks area. */
export const shareLinks: Translation<typeof en, 'de'> = {
  shareLinks: {
    intro:
      'Alle in dieser Konsole erstellten Download- und Upload-Links. Das Widerrufen eines Links löscht den Zugriffsschlüssel dahinter: Der Link funktioniert sofort nicht mehr.',
    introAll: 'Sie sehen die Links aller Benutzer.',
    table: 'Freigabelinks',
    empty:
      'Noch keine Freigabelinks. Teilen Sie eine Datei oder erstellen Sie im Objekt-Browser einen Ablage-Link.',
    kind: 'Typ',
    kinds: { download: 'Download', drop: 'Upload (Ablage)' },
    target: 'Objekt oder Ordner',
    creator: 'Erstellt von',
    created: 'Erstellt',
    expires: 'Läuft ab',
    downloads: 'Downloads',
    downloadsOf: '{{count}} von {{limit}}',
    sizeLimit: 'Bis zu {{size}} pro Datei',
    state: 'Zustand',
    states: { active: 'Aktiv', revoked: 'Widerrufen', expired: 'Abgelaufen', exhausted: 'Aufgebraucht' },
    copy: 'Link für {{target}} kopieren',
    copied: 'Link in die Zwischenablage kopiert',
    revoke: 'Link für {{target}} widerrufen',
    revokeTitle: 'Freigabelink widerrufen',
    revokeMessage: 'Den Link für {{target}} widerrufen? Alle, die ihn haben, verlieren sofort den Zugriff.',
    revokeConfirm: 'Widerrufen',
    revoked: 'Link widerrufen',
    previous: 'Vorherige Seite',
    next: 'Nächste Seite',
    pageOf: '{{from}}–{{to}} von {{total}}',
  },
  dropLinks: {
    create: 'Ablage-Link erstellen',
    title: 'Ablage-Link erstellen',
    explain:
      'Jeder mit dem Link kann bis zu dessen Ablauf ohne Konto Dateien in {{target}} hochladen. Sehen, herunterladen oder löschen kann er nichts.',
    sizeLimit: 'Größte Datei (MiB)',
    expiresIn: 'Läuft ab in',
    expiries: { '3600': '1 Stunde', '86400': '1 Tag', '259200': '3 Tage', '604800': '7 Tage' },
    submit: 'Link erstellen',
    link: 'Ablage-Link',
    recorded: 'Der Link steht unter Freigabelinks, wo er widerrufen werden kann.',
  },
  shareLimit: {
    downloadLimit: 'Download-Limit (optional)',
    downloadLimitHint:
      'Leer lassen für kein Limit. Ein begrenzter Link läuft über diese Konsole, die die Downloads zählt.',
    recorded: 'Dieser Link wird unter Freigabelinks erfasst, wo er widerrufen werden kann.',
  },
  drop: {
    title: 'Dateien hochladen',
    intro: 'Dateien, die Sie hier hochladen, landen in {{target}}.',
    limits: 'Bis zu {{size}} pro Datei. Dieser Link funktioniert bis {{date}}.',
    choose: 'Dateien auswählen',
    upload: 'Hochladen',
    uploading: '{{name}} wird hochgeladen…',
    uploaded: '{{name}} hochgeladen.',
    tooLarge: '{{name}} ist größer, als dieser Link erlaubt ({{size}}).',
    failed: '{{name}} konnte nicht hochgeladen werden: {{reason}}',
    unavailable: 'Dieser Link kann nicht verwendet werden',
  },
};
