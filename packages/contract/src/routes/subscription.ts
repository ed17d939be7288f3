import { type Static, Type } from 'typebox';
import { ApiErrorBody, CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// The commercial subscription shown on the Licence page (spec 002 §2.8, §3 "Subscription info").
// In operator mode it is a SUBNET licence (reference/operator.md §3.3): a JWT kept in the secret
// `subnet-license` of the console's namespace, verified offline, and activated into tenants.

/** A verified commercial licence; `storage_capacity` is a count of TB (§9: × 1099511627776 bytes). */
export const SubscriptionLicense = Type.Object(
  {
    /** STANDARD or ENTERPRISE; any other value is treated as standard. */
    plan: Type.String(),
    organization: Type.String(),
    storage_capacity: Type.Integer({ minimum: 0 }),
    /** ISO 8601 date-time; the page shows it as YYYY-MM-DD. */
    expires_at: Type.String(),
    email: Type.String(),
    /** The SUBNET account the licence belongs to (operator mode). */
    account_id: Type.Optional(Type.Integer({ minimum: 0 })),
  },
  { $id: 'SubscriptionLicense' },
);
export type SubscriptionLicense = Static<typeof SubscriptionLicense>;

/** `license` absent: no subscription, the open-source licence applies. */
export const SubscriptionInfo = Type.Object(
  { license: Type.Optional(SubscriptionLicense) },
  { $id: 'SubscriptionInfo' },
);
export type SubscriptionInfo = Static<typeof SubscriptionInfo>;

/** The activation dialog: a licence key, or the SUBNET account's email and password. */
export const ValidateSubscriptionRequest = Type.Object(
  {
    license: Type.Optional(Type.String({ maxLength: 16384 })),
    email: Type.Optional(Type.String({ maxLength: 320 })),
    password: Type.Optional(Type.String({ maxLength: 1024 })),
  },
  { $id: 'ValidateSubscriptionRequest', additionalProperties: false },
);
export type ValidateSubscriptionRequest = Static<typeof ValidateSubscriptionRequest>;

export const ActivateTenantLicenseParams = Type.Object(
  { namespace: Type.String({ maxLength: 253 }), tenant: Type.String({ maxLength: 253 }) },
  { $id: 'ActivateTenantLicenseParams', additionalProperties: false },
);

/** The licence answers: bad input, a missing or invalid licence, and SUBNET out of reach. */
const LICENSE_ERRORS = { ...CALL_ERRORS, 404: ApiErrorBody, 502: ApiErrorBody } as const;

export const getSubscriptionInfo = defineRoute({
  id: 'getSubscriptionInfo',
  method: 'GET',
  path: '/subscription/info',
  summary:
    'The commercial subscription, if any; verified locally, with no call to a licensing service. 404 when the stored licence is not valid',
  tag: 'subscription',
  auth: true,
  responses: { 200: SubscriptionInfo, ...CALL_ERRORS, 404: ApiErrorBody },
});

export const validateSubscription = defineRoute({
  id: 'validateSubscription',
  method: 'POST',
  path: '/subscription/validate',
  summary:
    'Operator mode: verify a licence key (or fetch it from SUBNET with an email and password) and keep it for the console',
  tag: 'subscription',
  auth: true,
  body: ValidateSubscriptionRequest,
  responses: { 200: SubscriptionLicense, ...LICENSE_ERRORS },
});

export const refreshSubscription = defineRoute({
  id: 'refreshSubscription',
  method: 'POST',
  path: '/subscription/refresh',
  summary: 'Operator mode: renew the licence with SUBNET, keep it, and write it into every tenant',
  tag: 'subscription',
  auth: true,
  responses: { 200: SubscriptionLicense, ...LICENSE_ERRORS },
});

export const activateTenantLicense = defineRoute({
  id: 'activateTenantLicense',
  method: 'POST',
  path: '/subscription/namespaces/:namespace/tenants/:tenant/activate',
  summary: "Operator mode: write the console's licence into a tenant's configuration",
  tag: 'subscription',
  auth: true,
  params: ActivateTenantLicenseParams,
  responses: { 204: null, ...LICENSE_ERRORS },
});
