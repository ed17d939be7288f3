import { type Static, type TSchema, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';
import { SubscriptionLicense } from './subscription.js';

// Operator mode: MinIO tenants on Kubernetes (spec 002 §2.3–§2.5, §3, §7, §7.1). Field names are
// the spec's, snake_case and camelCase mixed as the original console sent them. The schemas check
// shapes and types only; the spec's own messages for names, keys, parity and images come from
// the tenant service, so a user sees "Name only can contain…" rather than a schema path.

const text = (maxLength = 1024) => Type.String({ maxLength });
const optionalText = (maxLength = 1024) => Type.Optional(text(maxLength));
const labels = Type.Record(Type.String(), Type.String());
/**
 * A container image as spec 002 §5 accepts it: repository/name:tag, a registry host (with its
 * port) may come first (quay.io/minio/minio:RELEASE…). The API and the web's forms both check it.
 */
export const IMAGE_REFERENCE = /^[^\s/:]+(?::\d+)?(?:\/[^\s/:]+)+:[^\s/:]+$/;
/** Base64 of a PEM file, as the wizard's file inputs encode it. */
const pem = Type.String({ maxLength: 1_048_576 });
const strict = <T extends Record<string, TSchema>>(properties: T, id?: string) =>
  Type.Object(properties, { additionalProperties: false, ...(id ? { $id: id } : {}) });

/** A certificate and its key, each base64 of PEM. */
export const KeyPair = strict({ crt: pem, key: pem }, 'KeyPair');
export type KeyPair = Static<typeof KeyPair>;

/** Kubernetes core/v1 Affinity, passed through as written (the API server checks it). */
const Affinity = Type.Record(Type.String(), Type.Unknown());

export const TenantPoolRequest = strict(
  {
    /** Empty: `pool-{n}`, n = the tenant's current pool count. */
    name: optionalText(63),
    servers: Type.Integer(),
    volumes_per_server: Type.Integer(),
    volume_configuration: strict({
      /** Bytes per volume. */
      size: Type.Integer(),
      storage_class_name: optionalText(253),
      labels: Type.Optional(labels),
      annotations: Type.Optional(labels),
    }),
    /** Bytes; written to the pool as binary-SI quantities. */
    resources: Type.Optional(
      strict({
        requests: Type.Optional(strict({ memory: Type.Optional(Type.Integer({ minimum: 0 })) })),
        limits: Type.Optional(strict({ memory: Type.Optional(Type.Integer({ minimum: 0 })) })),
      }),
    ),
    /** Absent: the default pod anti-affinity on the tenant and pool labels; `{}`: none. */
    affinity: Type.Optional(Affinity),
    node_selector: Type.Optional(labels),
  },
  'TenantPoolRequest',
);
export type TenantPoolRequest = Static<typeof TenantPoolRequest>;

export const ImageRegistry = strict(
  { registry: text(), username: text(), password: text() },
  'ImageRegistry',
);
export type ImageRegistry = Static<typeof ImageRegistry>;

export const TenantEncryption = strict(
  {
    image: optionalText(),
    /** MinIO's mTLS client certificate towards KES. */
    client: Type.Optional(KeyPair),
    /** KES's serving certificate. */
    server: Type.Optional(KeyPair),
    gemalto: Type.Optional(
      strict({
        keysecure: strict({
          endpoint: text(),
          credentials: strict({ token: text(4096), domain: text(), retry: Type.Optional(Type.Integer()) }),
          tls: Type.Optional(strict({ ca: pem })),
        }),
      }),
    ),
    aws: Type.Optional(
      strict({
        secretsmanager: strict({
          endpoint: text(),
          region: text(),
          kmskey: optionalText(),
          credentials: strict({ accesskey: text(), secretkey: text(), token: optionalText(4096) }),
        }),
      }),
    ),
    azure: Type.Optional(
      strict({
        keyvault: strict({
          endpoint: text(),
          credentials: strict({ tenant_id: text(), client_id: text(), client_secret: text() }),
        }),
      }),
    ),
    gcp: Type.Optional(
      strict({
        secretmanager: strict({
          project_id: optionalText(),
          endpoint: optionalText(),
          credentials: Type.Optional(
            strict({
              client_email: optionalText(),
              client_id: optionalText(),
              private_key_id: optionalText(),
              private_key: optionalText(16384),
            }),
          ),
        }),
      }),
    ),
    vault: Type.Optional(
      strict({
        endpoint: text(),
        engine: optionalText(),
        namespace: optionalText(),
        prefix: optionalText(),
        approle: strict({
          engine: optionalText(),
          id: text(),
          secret: text(),
          retry: Type.Optional(Type.Integer()),
        }),
        tls: Type.Optional(
          strict({ key: Type.Optional(pem), crt: Type.Optional(pem), ca: Type.Optional(pem) }),
        ),
        status: Type.Optional(strict({ ping: Type.Optional(Type.Integer()) })),
      }),
    ),
  },
  'TenantEncryption',
);
export type TenantEncryption = Static<typeof TenantEncryption>;

export const TenantIdp = strict(
  {
    keys: Type.Optional(Type.Array(strict({ access_key: text(), secret_key: text() }), { maxItems: 100 })),
    oidc: Type.Optional(
      strict({
        configuration_url: text(),
        client_id: text(),
        secret_id: text(),
        claim_name: text(),
        callback_url: optionalText(),
        scopes: optionalText(),
      }),
    ),
    active_directory: Type.Optional(
      strict({
        url: text(),
        skip_tls_verification: Type.Optional(Type.Boolean()),
        server_insecure: Type.Optional(Type.Boolean()),
        server_start_tls: Type.Optional(Type.Boolean()),
        username_format: optionalText(),
        username_search_filter: optionalText(),
        group_search_base_dn: optionalText(),
        group_search_filter: optionalText(),
        group_name_attribute: optionalText(),
        user_dns: Type.Optional(Type.Array(text(), { maxItems: 100 })),
        lookup_bind_dn: optionalText(),
        lookup_bind_password: optionalText(),
        user_dn_search_base_dn: optionalText(),
        user_dn_search_filter: optionalText(),
      }),
    ),
  },
  'TenantIdp',
);
export type TenantIdp = Static<typeof TenantIdp>;

/** The Create New Tenant wizard's request (spec 002 §7.1). */
export const CreateTenantRequest = strict(
  {
    name: text(253),
    namespace: text(253),
    /** Root keys; empty: generated (16 and 32 characters). */
    access_key: optionalText(),
    secret_key: optionalText(),
    access_keys: Type.Optional(Type.Array(text(), { maxItems: 100 })),
    secret_keys: Type.Optional(Type.Array(text(), { maxItems: 100 })),
    /** TLS through the operator's AutoCert. */
    enable_tls: Type.Optional(Type.Boolean()),
    enable_console: Type.Optional(Type.Boolean()),
    enable_prometheus: Type.Optional(Type.Boolean()),
    service_name: optionalText(253),
    image: optionalText(),
    expose_minio: Type.Optional(Type.Boolean()),
    expose_console: Type.Optional(Type.Boolean()),
    /** N of the chosen EC:N; 0 or absent leaves the server's default. */
    erasureCodingParity: Type.Optional(Type.Integer()),
    pools: Type.Array(TenantPoolRequest, { minItems: 1, maxItems: 1 }),
    image_registry: Type.Optional(ImageRegistry),
    logSearchConfiguration: Type.Optional(
      strict({
        storageClass: optionalText(253),
        /** Gi. */
        storageSize: Type.Optional(Type.Integer()),
        image: optionalText(),
        postgres_image: optionalText(),
        postgres_init_image: optionalText(),
      }),
    ),
    prometheusConfiguration: Type.Optional(
      strict({
        storageClass: optionalText(253),
        /** Gi. */
        storageSize: Type.Optional(Type.Integer()),
        image: optionalText(),
        sidecar_image: optionalText(),
        init_image: optionalText(),
      }),
    ),
    tls: Type.Optional(
      strict({
        minio: Type.Optional(Type.Array(KeyPair, { maxItems: 32 })),
        console: Type.Optional(KeyPair),
        ca_certificates: Type.Optional(Type.Array(pem, { maxItems: 32 })),
        console_ca_certificates: Type.Optional(Type.Array(pem, { maxItems: 32 })),
      }),
    ),
    encryption: Type.Optional(TenantEncryption),
    idp: Type.Optional(TenantIdp),
  },
  'CreateTenantRequest',
);
export type CreateTenantRequest = Static<typeof CreateTenantRequest>;

export const TenantCredentials = Type.Object(
  { access_key: Type.String(), secret_key: Type.String() },
  { $id: 'TenantCredentials' },
);
export type TenantCredentials = Static<typeof TenantCredentials>;

/** Shown once in the credentials modal; the console never returns these keys again. */
export const CreateTenantResponse = Type.Object(
  {
    console: Type.Array(TenantCredentials),
    /** True when users log in through OpenID or AD/LDAP rather than the keys above. */
    externalIDP: Type.Boolean(),
  },
  { $id: 'CreateTenantResponse' },
);
export type CreateTenantResponse = Static<typeof CreateTenantResponse>;

const HealthStatus = Type.String({
  description: 'green, yellow or red; empty until the operator measures it',
});

export const TenantListItem = Type.Object(
  {
    name: Type.String(),
    namespace: Type.String(),
    /** Bytes: Σ servers × volumes per server × volume size over the pools. */
    total_size: Type.Number(),
    pool_count: Type.Integer(),
    instance_count: Type.Integer(),
    volume_count: Type.Integer(),
    currentState: Type.String(),
    health_status: HealthStatus,
    /** ISO 8601. */
    creation_date: Type.String(),
    deletion_date: Type.Optional(Type.String()),
    /** From the operator's usage status, when it reports one (bytes). */
    capacity: Type.Optional(Type.Number()),
    capacity_raw: Type.Optional(Type.Number()),
    capacity_usage: Type.Optional(Type.Number()),
    capacity_raw_usage: Type.Optional(Type.Number()),
  },
  { $id: 'TenantListItem' },
);
export type TenantListItem = Static<typeof TenantListItem>;

export const ListTenantsResponse = Type.Object(
  { tenants: Type.Array(TenantListItem), total: Type.Integer() },
  { $id: 'ListTenantsResponse' },
);
export type ListTenantsResponse = Static<typeof ListTenantsResponse>;

export const TenantPool = Type.Object(
  {
    name: Type.String(),
    servers: Type.Integer(),
    volumes_per_server: Type.Integer(),
    volume_configuration: Type.Object({
      size: Type.Number(),
      storage_class_name: Type.Optional(Type.String()),
      labels: Type.Optional(labels),
    }),
    resources: Type.Optional(
      Type.Object({
        requests: Type.Optional(Type.Object({ memory: Type.Optional(Type.Number()) })),
        limits: Type.Optional(Type.Object({ memory: Type.Optional(Type.Number()) })),
      }),
    ),
    affinity: Type.Optional(Affinity),
    /** Bytes: servers × volumes per server × volume size. */
    capacity: Type.Number(),
    volumes: Type.Integer(),
  },
  { $id: 'TenantPool' },
);
export type TenantPool = Static<typeof TenantPool>;

export const TenantDetail = Type.Object(
  {
    name: Type.String(),
    namespace: Type.String(),
    image: Type.String(),
    currentState: Type.String(),
    creation_date: Type.String(),
    deletion_date: Type.Optional(Type.String()),
    total_size: Type.Number(),
    total_instances: Type.Integer(),
    total_volumes: Type.Integer(),
    endpoints: Type.Object({ minio: Type.String(), console: Type.String() }),
    status: Type.Object({
      health_status: HealthStatus,
      drives_online: Type.Integer(),
      drives_offline: Type.Integer(),
      drives_healing: Type.Integer(),
      write_quorum: Type.Integer(),
    }),
    pools: Type.Array(TenantPool),
    logEnabled: Type.Boolean(),
    monitoringEnabled: Type.Boolean(),
    encryptionEnabled: Type.Boolean(),
    minioTLS: Type.Boolean(),
    consoleTLS: Type.Boolean(),
    consoleEnabled: Type.Boolean(),
    idpAdEnabled: Type.Boolean(),
    idpOidcEnabled: Type.Boolean(),
    /** All three Prometheus scrape annotations are on the tenant. */
    enable_prometheus: Type.Boolean(),
    /** The SUBNET licence activated in the tenant (MINIO_SUBNET_LICENSE), when it verifies. */
    subnet_license: Type.Optional(SubscriptionLicense),
  },
  { $id: 'TenantDetail' },
);
export type TenantDetail = Static<typeof TenantDetail>;

export const DeleteTenantRequest = strict(
  { delete_pvcs: Type.Optional(Type.Boolean()) },
  'DeleteTenantRequest',
);
export type DeleteTenantRequest = Static<typeof DeleteTenantRequest>;

/** Update MinIO Version: an empty image means the latest release. */
export const UpdateTenantImageRequest = strict(
  {
    image: text(),
    image_registry: Type.Optional(ImageRegistry),
    image_pull_secret: optionalText(253),
    enable_prometheus: Type.Optional(Type.Boolean()),
  },
  'UpdateTenantImageRequest',
);
export type UpdateTenantImageRequest = Static<typeof UpdateTenantImageRequest>;

export const TenantYaml = strict({ yaml: Type.String({ maxLength: 1_048_576 }) }, 'TenantYaml');
export type TenantYaml = Static<typeof TenantYaml>;

export const ReplaceTenantPoolsRequest = strict(
  { pools: Type.Array(TenantPoolRequest, { minItems: 1, maxItems: 64 }) },
  'ReplaceTenantPoolsRequest',
);
export type ReplaceTenantPoolsRequest = Static<typeof ReplaceTenantPoolsRequest>;

export const TenantUsage = Type.Object(
  {
    /** Bytes of objects stored. */
    used: Type.Number(),
    /** Bytes used on every drive together. */
    disk_used: Type.Number(),
  },
  { $id: 'TenantUsage' },
);
export type TenantUsage = Static<typeof TenantUsage>;

export const TenantPod = Type.Object(
  {
    name: Type.String(),
    status: Type.String(),
    /** Epoch seconds. */
    timeCreated: Type.Integer(),
    podIP: Type.String(),
    restarts: Type.Integer(),
    node: Type.String(),
  },
  { $id: 'TenantPod' },
);
export type TenantPod = Static<typeof TenantPod>;

export const PodEvent = Type.Object(
  {
    namespace: Type.String(),
    /** Epoch seconds. */
    last_seen: Type.Integer(),
    message: Type.String(),
    event_type: Type.String(),
    reason: Type.String(),
  },
  { $id: 'PodEvent' },
);
export type PodEvent = Static<typeof PodEvent>;

export const VolumeClaim = Type.Object(
  {
    name: Type.String(),
    namespace: Type.String(),
    status: Type.String(),
    /** The claim's bound capacity as Kubernetes reports it (a quantity, e.g. "100Gi"). */
    capacity: Type.String(),
    storageClass: Type.String(),
    volume: Type.String(),
    tenant: Type.String(),
    /** ISO 8601. */
    age: Type.String(),
  },
  { $id: 'VolumeClaim' },
);
export type VolumeClaim = Static<typeof VolumeClaim>;

export const ListVolumeClaimsResponse = Type.Object(
  { pvcs: Type.Array(VolumeClaim) },
  { $id: 'ListVolumeClaimsResponse' },
);

export const CertificateInfo = Type.Object(
  {
    name: Type.String(),
    serialNumber: Type.String(),
    domains: Type.Array(Type.String()),
    /** ISO 8601; empty (with the serial) when the secret holds no readable certificate. */
    expiry: Type.String(),
  },
  { $id: 'CertificateInfo' },
);
export type CertificateInfo = Static<typeof CertificateInfo>;

export const TenantSecurity = Type.Object(
  {
    autoCert: Type.Boolean(),
    customCertificates: Type.Object({
      minio: Type.Array(CertificateInfo),
      minioCAs: Type.Array(CertificateInfo),
    }),
  },
  { $id: 'TenantSecurity' },
);
export type TenantSecurity = Static<typeof TenantSecurity>;

export const UpdateTenantSecurityRequest = strict(
  {
    autoCert: Type.Boolean(),
    customCertificates: strict({
      /** Names of existing certificate secrets to remove. */
      secretsToBeDeleted: Type.Optional(Type.Array(text(253), { maxItems: 64 })),
      minio: Type.Optional(Type.Array(KeyPair, { maxItems: 32 })),
      minioCAs: Type.Optional(Type.Array(pem, { maxItems: 32 })),
    }),
  },
  'UpdateTenantSecurityRequest',
);
export type UpdateTenantSecurityRequest = Static<typeof UpdateTenantSecurityRequest>;

const NamespaceParams = strict({ namespace: text(253) });
const TenantParams = strict({ namespace: text(253), tenant: text(253) });
const PodParams = strict({ namespace: text(253), tenant: text(253), pod: text(253) });
const TENANT = '/namespaces/:namespace/tenants/:tenant';
const TENANT_ERRORS = { ...CALL_ERRORS, 404: ApiErrorBody } as const;

export const listTenants = defineRoute({
  id: 'listTenants',
  method: 'GET',
  path: '/tenants',
  summary: 'Tenants in every namespace the session may see',
  tag: 'tenants',
  auth: true,
  responses: { 200: ListTenantsResponse, ...CALL_ERRORS },
});

export const listNamespaceTenants = defineRoute({
  id: 'listNamespaceTenants',
  method: 'GET',
  path: '/namespaces/:namespace/tenants',
  summary: 'Tenants of one namespace (the wizard checks a namespace has none)',
  tag: 'tenants',
  auth: true,
  params: NamespaceParams,
  responses: { 200: ListTenantsResponse, ...CALL_ERRORS },
});

export const createTenant = defineRoute({
  id: 'createTenant',
  method: 'POST',
  path: '/tenants',
  summary: 'Create a tenant with its secrets and configuration; answers the console keys once',
  tag: 'tenants',
  auth: true,
  body: CreateTenantRequest,
  responses: { 201: CreateTenantResponse, ...CALL_ERRORS, 409: ApiErrorBody },
});

export const getTenant = defineRoute({
  id: 'getTenant',
  method: 'GET',
  path: TENANT,
  summary: 'One tenant: sizes, health, endpoints and features',
  tag: 'tenants',
  auth: true,
  params: TenantParams,
  responses: { 200: TenantDetail, ...TENANT_ERRORS },
});

export const deleteTenant = defineRoute({
  id: 'deleteTenant',
  method: 'DELETE',
  path: TENANT,
  summary: 'Delete a tenant and its secrets, and its volume claims when asked',
  tag: 'tenants',
  auth: true,
  params: TenantParams,
  body: DeleteTenantRequest,
  responses: { 204: null, ...TENANT_ERRORS },
});

export const updateTenantImage = defineRoute({
  id: 'updateTenantImage',
  method: 'PUT',
  path: TENANT,
  summary: "Change a tenant's MinIO image (Update MinIO Version)",
  tag: 'tenants',
  auth: true,
  params: TenantParams,
  body: UpdateTenantImageRequest,
  responses: { 204: null, ...TENANT_ERRORS },
});

export const getTenantYaml = defineRoute({
  id: 'getTenantYaml',
  method: 'GET',
  path: `${TENANT}/yaml`,
  summary: 'The Tenant resource as YAML, without managed fields',
  tag: 'tenants',
  auth: true,
  params: TenantParams,
  responses: { 200: TenantYaml, ...TENANT_ERRORS },
});

export const putTenantYaml = defineRoute({
  id: 'putTenantYaml',
  method: 'PUT',
  path: `${TENANT}/yaml`,
  summary: "Save a tenant's labels, annotations, finalizers and spec from edited YAML",
  tag: 'tenants',
  auth: true,
  params: TenantParams,
  body: TenantYaml,
  responses: { 204: null, ...TENANT_ERRORS, 409: ApiErrorBody },
});

export const getTenantUsage = defineRoute({
  id: 'getTenantUsage',
  method: 'GET',
  path: `${TENANT}/usage`,
  summary: "What the tenant's MinIO reports it stores",
  tag: 'tenants',
  auth: true,
  params: TenantParams,
  responses: { 200: TenantUsage, ...TENANT_ERRORS },
});

export const addTenantPool = defineRoute({
  id: 'addTenantPool',
  method: 'POST',
  path: `${TENANT}/pools`,
  summary: 'Expand Tenant: add a pool',
  tag: 'tenants',
  auth: true,
  params: TenantParams,
  body: TenantPoolRequest,
  responses: { 204: null, ...TENANT_ERRORS },
});

export const replaceTenantPools = defineRoute({
  id: 'replaceTenantPools',
  method: 'PUT',
  path: `${TENANT}/pools`,
  summary: "Replace a tenant's pools",
  tag: 'tenants',
  auth: true,
  params: TenantParams,
  body: ReplaceTenantPoolsRequest,
  responses: { 200: TenantDetail, ...TENANT_ERRORS },
});

export const listTenantPods = defineRoute({
  id: 'listTenantPods',
  method: 'GET',
  path: `${TENANT}/pods`,
  summary: "The tenant's pods",
  tag: 'tenants',
  auth: true,
  params: TenantParams,
  responses: { 200: Type.Array(TenantPod), ...TENANT_ERRORS },
});

export const getTenantPodLog = defineRoute({
  id: 'getTenantPodLog',
  method: 'GET',
  path: `${TENANT}/pods/:pod`,
  summary: "A pod's log (its default container), as text",
  tag: 'tenants',
  auth: true,
  params: PodParams,
  responses: { 200: Type.String(), ...TENANT_ERRORS },
});

export const listTenantPodEvents = defineRoute({
  id: 'listTenantPodEvents',
  method: 'GET',
  path: `${TENANT}/pods/:pod/events`,
  summary: "A pod's events, oldest first",
  tag: 'tenants',
  auth: true,
  params: PodParams,
  responses: { 200: Type.Array(PodEvent), ...TENANT_ERRORS },
});

export const deleteTenantPod = defineRoute({
  id: 'deleteTenantPod',
  method: 'DELETE',
  path: `${TENANT}/pods/:pod`,
  summary: 'Delete one of the tenant pods (its stateful set starts it again)',
  tag: 'tenants',
  auth: true,
  params: PodParams,
  responses: { 204: null, ...TENANT_ERRORS },
});

export const listTenantVolumeClaims = defineRoute({
  id: 'listTenantVolumeClaims',
  method: 'GET',
  path: `${TENANT}/pvcs`,
  summary: "The tenant's volume claims",
  tag: 'tenants',
  auth: true,
  params: TenantParams,
  responses: { 200: ListVolumeClaimsResponse, ...TENANT_ERRORS },
});

export const listVolumeClaims = defineRoute({
  id: 'listVolumeClaims',
  method: 'GET',
  path: '/list-pvcs',
  summary: 'Volume claims of every tenant, in every namespace',
  tag: 'tenants',
  auth: true,
  responses: { 200: ListVolumeClaimsResponse, ...CALL_ERRORS },
});

export const getTenantSecurity = defineRoute({
  id: 'getTenantSecurity',
  method: 'GET',
  path: `${TENANT}/security`,
  summary: "A tenant's AutoCert setting and custom certificates",
  tag: 'tenants',
  auth: true,
  params: TenantParams,
  responses: { 200: TenantSecurity, ...TENANT_ERRORS },
});

export const updateTenantSecurity = defineRoute({
  id: 'updateTenantSecurity',
  method: 'POST',
  path: `${TENANT}/security`,
  summary: "Change a tenant's AutoCert setting and custom certificates",
  tag: 'tenants',
  auth: true,
  params: TenantParams,
  body: UpdateTenantSecurityRequest,
  responses: { 204: null, ...TENANT_ERRORS },
});
