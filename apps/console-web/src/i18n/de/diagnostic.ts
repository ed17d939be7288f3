import type { diagnostic as en } from '../en/diagnostic.js';
import type { Translation } from '../translation.js';

/** German texts: the diagnostic area. */
export const diagnostic: Translation<typeof en, 'de'> = {
  diagnostic: {
    start: 'Diagnose starten',
    download: 'Herunterladen',
    inProgress: 'Diagnose läuft',
    started: 'Diagnose gestartet. Bitte laden Sie die Seite während der Diagnose nicht neu.',
    ready: 'Die Diagnosedatei steht zum Herunterladen bereit.',
    failed: 'Beim Abrufen der Diagnosedatei ist ein Fehler aufgetreten.',
    intro:
      'Erstellt einen Integritätsbericht des Servers (Hardware, Betriebssystem, Konfiguration ohne Geheimnisse, Laufwerks- und Netzwerkprüfungen), den MinIO-Werkzeuge lesen.',
  },
};
