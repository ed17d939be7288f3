import { routes, type SubscriptionInfo } from '@stowage/contract';
import type { Binder } from '../http/bind.js';

// Spec 002 §2.8 in console mode. The storage server has no commercial licence to report (its
// admin API exposes none) and the console makes no call to a licensing service, so the answer
// is "no subscription": the page shows the open-source licence.
const NO_SUBSCRIPTION: SubscriptionInfo = {};

export function registerSubscriptionRoutes(bind: Binder): void {
  bind.authed(routes.getSubscriptionInfo, async () => NO_SUBSCRIPTION);
}
