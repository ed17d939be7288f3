import { routes, type SubscriptionInfo } from '@stowage/contract';
import type { OperatorConfig } from '../config.js';
import { type Binder, noContent } from '../http/bind.js';
import {
  activateTenantLicense,
  type LicenseContext,
  refreshSubscription,
  subscriptionInfo,
  validateSubscription,
} from '../services/subscription/license-calls.js';
import { DEFAULT_SUBNET_SETTINGS } from '../services/subscription/subnet-client.js';
import { sessionKubeConfig } from '../session/kube-config.js';
import type { Session } from '../session/store.js';

// Spec 002 §2.8 in console mode. The storage server has no commercial licence to report (its
// admin API exposes none) and the console makes no call to a licensing service, so the answer
// is "no subscription": the page shows the open-source licence.
const NO_SUBSCRIPTION: SubscriptionInfo = {};

/** Console mode: no subscription. Operator mode: the SUBNET licence, with the caller's token. */
export function registerSubscriptionRoutes(bind: Binder, operator?: OperatorConfig): void {
  if (!operator) {
    bind.authed(routes.getSubscriptionInfo, async () => NO_SUBSCRIPTION);
    return;
  }
  const licenseContext = (session: Session): LicenseContext => ({
    kc: sessionKubeConfig(operator.cluster, session),
    namespace: operator.cluster.namespace,
    subnet: operator.subnet ?? DEFAULT_SUBNET_SETTINGS,
  });
  bind.authed(routes.getSubscriptionInfo, ({ session }) => subscriptionInfo(licenseContext(session)));
  bind.authed(routes.validateSubscription, ({ session, body }) =>
    validateSubscription(licenseContext(session), body),
  );
  bind.authed(routes.refreshSubscription, ({ session }) => refreshSubscription(licenseContext(session)));
  bind.authed(routes.activateTenantLicense, ({ session, params }) =>
    noContent(activateTenantLicense(licenseContext(session), params.namespace, params.tenant)),
  );
}
