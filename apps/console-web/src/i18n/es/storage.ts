import type { storage as en } from '../en/storage.js';
import type { Translation } from '../translation.js';

/** Spanish texts: the storage area. */
export const storage: Translation<typeof en, 'es'> = {
  storage: {
    tabs: 'Secciones de almacenamiento',
    volumes: {
      name: 'Nombre',
      namespace: 'Espacio de nombres',
      status: 'Estado',
      tenant: 'Inquilino',
      capacity: 'Capacidad',
      storageClass: 'Clase de almacenamiento',
      search: 'Buscar volúmenes (PVC)',
      empty: 'Aún no hay volúmenes',
      noMatch: 'Ningún volumen coincide con la búsqueda',
      view: 'Ver el inquilino {{namespace}}/{{tenant}}',
    },
    drives: {
      drive: 'Unidad',
      capacity: 'Capacidad',
      allocated: 'Asignado',
      volumes: 'Volúmenes',
      node: 'Nodo',
      status: 'Estado',
      search: 'Buscar unidades',
      refresh: 'Actualizar',
      empty: 'No hay unidades',
      noMatch: 'Ninguna unidad coincide con la búsqueda',
      select: 'Seleccionar {{drive}} en {{node}}',
      selectAll: 'Seleccionar todas las unidades',
      formatSelected: 'Formatear unidades seleccionadas',
      formatAll: 'Formatear todas las unidades',
      format: 'Formatear {{drive}} en {{node}}',
      notInstalledTitle: 'Direct CSI no está disponible',
      notInstalled:
        'Para administrar unidades conectadas localmente debe instalar el controlador Direct CSI en el clúster.',
      notInstalledDetail: 'No se pudieron listar las unidades: {{message}}',
    },
    format: {
      title: 'Formatear unidades',
      titleOne: 'Formatear unidad',
      message:
        '¿Seguro que desea formatear {{count}} unidad(es)? Toda la información que contienen se borrará y no se podrá recuperar.',
      drives: 'Unidades que formatear',
      force: 'Forzar formateo',
      forceHint:
        'Formatear también las unidades que ya tienen un sistema de archivos o pertenecen al controlador',
      confirmText: 'SÍ, CONTINUAR',
      typeToConfirm: 'Para continuar, escriba {{text}} en el cuadro.',
      confirmInput: 'Confirmación',
      submit: 'Formatear',
      done: 'Formateo iniciado para {{count}} unidad(es)',
    },
    formatErrors: {
      title: 'Errores de formateo',
      message: 'Hubo problemas al formatear las unidades CSI seleccionadas; corríjalos e inténtelo de nuevo.',
      node: 'Nodo',
      drive: 'Unidad',
      error: 'Mensaje',
      download: 'Descargar',
      close: 'Cerrar',
    },
  },
};
