import type { shareLinks as en } from '../en/shareLinks.js';
import type { Translation } from '../translation.js';

/** Spanish texts: the shareLinks area. */
export const shareLinks: Translation<typeof en, 'es'> = {
  shareLinks: {
    intro:
      'Todos los enlaces de descarga y de subida creados en esta consola. Revocar un enlace elimina la clave de acceso que hay detrás: el enlace deja de funcionar al instante.',
    introAll: 'Ve los enlaces de todos los usuarios.',
    table: 'Enlaces compartidos',
    empty:
      'Aún no hay enlaces compartidos. Comparta un archivo o cree un enlace de entrega en el explorador de objetos.',
    kind: 'Tipo',
    kinds: { download: 'Descarga', drop: 'Subida (entrega)' },
    target: 'Objeto o carpeta',
    creator: 'Creado por',
    created: 'Creado',
    expires: 'Caduca',
    downloads: 'Descargas',
    downloadsOf: '{{count}} de {{limit}}',
    sizeLimit: 'Hasta {{size}} por archivo',
    state: 'Estado',
    states: { active: 'Activo', revoked: 'Revocado', expired: 'Caducado', exhausted: 'Agotado' },
    copy: 'Copiar el enlace de {{target}}',
    copied: 'Enlace copiado al portapapeles',
    revoke: 'Revocar el enlace de {{target}}',
    revokeTitle: 'Revocar enlace compartido',
    revokeMessage: '¿Revocar el enlace de {{target}}? Quien lo tenga perderá el acceso al instante.',
    revokeConfirm: 'Revocar',
    revoked: 'Enlace revocado',
    previous: 'Página anterior',
    next: 'Página siguiente',
    pageOf: '{{from}}–{{to}} de {{total}}',
  },
  dropLinks: {
    create: 'Crear enlace de entrega',
    title: 'Crear enlace de entrega',
    explain:
      'Cualquiera con el enlace puede subir archivos a {{target}} sin cuenta hasta que caduque. No puede ver, descargar ni eliminar nada.',
    sizeLimit: 'Archivo más grande (MiB)',
    expiresIn: 'Caduca en',
    expiries: { '3600': '1 hora', '86400': '1 día', '259200': '3 días', '604800': '7 días' },
    submit: 'Crear enlace',
    link: 'Enlace de entrega',
    recorded: 'El enlace aparece en Enlaces compartidos, donde se puede revocar.',
  },
  shareLimit: {
    downloadLimit: 'Límite de descargas (opcional)',
    downloadLimitHint:
      'Déjelo vacío para no poner límite. Un enlace limitado pasa por esta consola, que cuenta las descargas.',
    recorded: 'Este enlace queda registrado en Enlaces compartidos, donde se puede revocar.',
  },
  drop: {
    title: 'Subir archivos',
    intro: 'Los archivos que suba aquí van a {{target}}.',
    limits: 'Hasta {{size}} por archivo. Este enlace funciona hasta el {{date}}.',
    choose: 'Elegir archivos',
    upload: 'Subir',
    uploading: 'Subiendo {{name}}…',
    uploaded: '{{name}} subido.',
    tooLarge: '{{name}} es más grande de lo que permite este enlace ({{size}}).',
    failed: 'No se pudo subir {{name}}: {{reason}}',
    unavailable: 'Este enlace no se puede usar',
  },
};
