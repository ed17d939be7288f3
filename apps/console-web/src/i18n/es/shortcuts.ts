import type { shortcuts as en } from '../en/shortcuts.js';
import type { Translation } from '../translation.js';

/** Spanish texts: the keyboard help dialog and the display settings. */
export const shortcuts: Translation<typeof en, 'es'> = {
  shortcuts: {
    title: 'Atajos de teclado y visualización',
    open: 'Atajos de teclado',
    chordThen: 'luego',
    areas: {
      global: 'En cualquier lugar',
      navigation: 'Ir a una página',
      tables: 'En una tabla',
      dialogs: 'En un diálogo',
    },
    actions: {
      help: 'Mostrar esta ayuda',
      palette: 'Abrir la paleta de comandos',
      search: 'Buscar en esta página',
      go: {
        d: 'Panel',
        b: 'Buckets',
        u: 'Usuarios',
        g: 'Grupos',
        p: 'Políticas',
        s: 'Configuración',
        j: 'Trabajos',
        t: 'Tenants',
      },
      rows: 'Fila anterior o siguiente',
      pages: 'Una página de filas arriba o abajo',
      ends: 'Primera o última fila',
      open: 'Abrir la fila',
      select: 'Seleccionar la fila',
      selectRange: 'Seleccionar hasta la fila',
      next: 'Campo siguiente',
      previous: 'Campo anterior',
      close: 'Cerrar el diálogo',
    },
    display: 'Visualización',
    highContrast: 'Alto contraste',
    highContrastHint: 'Texto y bordes con toda su intensidad, enlaces subrayados, un anillo de foco ancho.',
    reduceMotion: 'Reducir el movimiento',
    reduceMotionHint:
      'Sin deslizamientos, fundidos ni giros. Sigue el ajuste del sistema hasta que se cambie.',
  },
};
