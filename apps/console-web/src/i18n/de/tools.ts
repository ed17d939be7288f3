import type { tools as en } from '../en/tools.js';
import type { Translation } from '../translation.js';

/** German texts: the tools area. */
export const tools: Translation<typeof en, 'de'> = {
  live: {
    status: {
      idle: 'Nicht gestartet',
      connecting: 'Verbindung wird aufgebaut',
      open: 'Live',
      reconnecting: 'Neuverbindung',
      ended: 'Gestoppt',
      failed: 'Mit Fehler gestoppt',
    },
    reconnecting: 'Verbindung verloren; neue Verbindung wird aufgebaut (Versuch {{attempt}})…',
    refused: 'Die Konsole hat den Stream abgelehnt: {{reason}}',
    failedReason: 'Der Server hat den Stream beendet: {{reason}}',
    lost: 'Die Verbindung zur Konsole ist abgebrochen (Code {{code}}). Prüfen Sie das Netzwerk oder den Proxy vor der Konsole und starten Sie erneut.',
    noReason: 'kein Grund angegeben',
    received: '{{count}} empfangen',
    dropped: '{{count}} älteste verworfen, um den Speicher zu begrenzen',
    pending: '{{count}} neue während der Pause',
    pause: 'Pausieren',
    resume: 'Fortsetzen',
    clear: 'Leeren',
  },
};
