import type { tiers as en } from '../en/tiers.js';
import type { Translation } from '../translation.js';

/** Spanish texts of Settings → Tiers. */
export const tiers: Translation<typeof en, 'es'> = {
  tiers: {
    title: 'Niveles',
    search: 'Filtrar niveles',
    refresh: 'Actualizar',
    add: 'Añadir nivel',
    empty: 'Aún no hay niveles',
    noMatch: 'Ningún nivel coincide con el filtro',
    columns: {
      name: 'Nombre del nivel',
      type: 'Tipo',
      endpoint: 'Punto de conexión',
      bucket: 'Bucket',
      prefix: 'Prefijo',
      region: 'Región',
      objects: 'Objetos',
      versions: 'Versiones',
      usage: 'Uso',
    },
    types: { minio: 'MinIO', gcs: 'GCS', s3: 'S3', azure: 'Azure' },
    providers: { minio: 'MinIO', gcs: 'Google Cloud Storage', s3: 'Amazon S3', azure: 'Microsoft Azure' },
    backToTiers: 'Volver a los niveles',
    backToTypes: 'Volver a la selección del tipo de nivel',
    chooseType: 'Seleccionar el tipo de nivel',
    typeChoice: 'Tipos de nivel',
    addConfiguration: 'Añadir configuración de nivel',
    save: 'Guardar',
    fields: {
      name: 'Nombre',
      endpoint: 'Punto de conexión',
      accesskey: 'Clave de acceso',
      secretkey: 'Clave secreta',
      accountname: 'Nombre de la cuenta',
      accountkey: 'Clave de la cuenta',
      creds: 'Credenciales',
      bucket: 'Bucket',
      prefix: 'Prefijo',
      region: 'Región',
      storageclass: 'Clase de almacenamiento',
    },
    credsHint: 'El archivo de clave de la cuenta de servicio (.json)',
    credsPlaceholder: 'Elija un archivo .json',
    credsUnreadable: 'No se pudo leer el archivo',
    problems: {
      pattern:
        'Compruebe que el texto está solo en mayúsculas y contiene caracteres válidos (números, guiones y guiones bajos).',
    },
    edit: 'Actualizar las credenciales de {{tier}}',
    updateCredentials: 'Actualizar credenciales',
    noTierName: 'Se produjo un error al obtener la información del nivel.',
    credentials: {
      access_key: 'Clave de acceso',
      secret_key: 'Clave secreta',
      account_name: 'Nombre de la cuenta',
      account_key: 'Clave de la cuenta',
      creds: 'Credenciales',
    },
  },
};
