import { type Static, Type } from 'typebox';
import { CALL_ERRORS } from '../errors.js';
import { defineRoute } from '../route.js';

// The commercial subscription shown on the Licence page (spec 002 §2.8, §3 "Subscription info").

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

export const getSubscriptionInfo = defineRoute({
  id: 'getSubscriptionInfo',
  method: 'GET',
  path: '/subscription/info',
  summary: 'The commercial subscription, if any; answered locally, with no call to a licensing service',
  tag: 'subscription',
  auth: true,
  responses: { 200: SubscriptionInfo, ...CALL_ERRORS },
});
