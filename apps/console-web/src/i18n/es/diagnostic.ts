import type { diagnostic as en } from '../en/diagnostic.js';
import type { Translation } from '../translation.js';

/** Spanish texts: the diagnostic area. */
export const diagnostic: Translation<typeof en, 'es'> = {
  diagnostic: {
    start: 'Iniciar diagnóstico',
    download: 'Descargar',
    inProgress: 'Diagnóstico en curso',
    started: 'Diagnóstico iniciado. No actualice la página durante el diagnóstico.',
    ready: 'El archivo de diagnóstico está listo para descargarse.',
    failed: 'Se produjo un error al obtener el archivo de diagnóstico.',
    intro:
      'Recopila un informe de salud del servidor (hardware, sistema operativo, configuración sin secretos, comprobaciones de unidades y de red) que leen las herramientas de MinIO.',
  },
};
