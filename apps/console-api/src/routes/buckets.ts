import { routes } from '@stowage/contract';
import type { AppDeps } from '../app.js';
import type { Binder } from '../http/bind.js';
import { listBuckets } from '../services/buckets.js';

export function registerBucketRoutes(bind: Binder, { gateway }: AppDeps): void {
  bind.authed(routes.listBuckets, ({ session }) => listBuckets(gateway, session.credentials));
}
