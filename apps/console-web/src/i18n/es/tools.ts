import type { tools as en } from '../en/tools.js';
import type { Translation } from '../translation.js';

/** Spanish texts: the tools area. */
export const tools: Translation<typeof en, 'es'> = {
  live: {
    status: {
      idle: 'Sin iniciar',
      connecting: 'Conectando',
      open: 'En directo',
      reconnecting: 'Reconectando',
      ended: 'Detenido',
      failed: 'Detenido con un error',
    },
    reconnecting: 'Conexión perdida; reconectando (intento {{attempt}})…',
    refused: 'La consola rechazó el flujo: {{reason}}',
    failedReason: 'El servidor terminó el flujo: {{reason}}',
    lost: 'Se perdió la conexión con la consola (código {{code}}). Compruebe la red o el proxy delante de la consola y vuelva a empezar.',
    noReason: 'sin motivo indicado',
    received: '{{count}} recibidos',
    dropped: '{{count}} más antiguos descartados para limitar la memoria',
    pending: '{{count}} nuevos durante la pausa',
    pause: 'Pausar',
    resume: 'Reanudar',
    clear: 'Borrar',
  },
};
