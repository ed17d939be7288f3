import type { shortcuts as en } from '../en/shortcuts.js';
import type { Translation } from '../translation.js';

/** German texts: the keyboard help dialog and the display settings. */
export const shortcuts: Translation<typeof en, 'de'> = {
  shortcuts: {
    title: 'Tastenkürzel und Darstellung',
    open: 'Tastenkürzel',
    chordThen: 'dann',
    areas: {
      global: 'Überall',
      navigation: 'Zu einer Seite',
      tables: 'In einer Tabelle',
      dialogs: 'In einem Dialog',
    },
    actions: {
      help: 'Diese Hilfe anzeigen',
      palette: 'Befehlspalette öffnen',
      search: 'Diese Seite durchsuchen',
      go: {
        d: 'Dashboard',
        b: 'Buckets',
        u: 'Benutzer',
        g: 'Gruppen',
        p: 'Richtlinien',
        s: 'Einstellungen',
        j: 'Aufträge',
        t: 'Tenants',
      },
      rows: 'Vorherige oder nächste Zeile',
      pages: 'Eine Seite Zeilen nach oben oder unten',
      ends: 'Erste oder letzte Zeile',
      open: 'Zeile öffnen',
      select: 'Zeile auswählen',
      selectRange: 'Bis zur Zeile auswählen',
      next: 'Nächstes Feld',
      previous: 'Vorheriges Feld',
      close: 'Dialog schließen',
    },
    display: 'Darstellung',
    highContrast: 'Hoher Kontrast',
    highContrastHint: 'Text und Rahmen in voller Stärke, unterstrichene Links, ein breiter Fokusrahmen.',
    reduceMotion: 'Bewegung reduzieren',
    reduceMotionHint:
      'Kein Gleiten, Einblenden oder Drehen. Folgt der Systemeinstellung, bis sie geändert wird.',
  },
};
