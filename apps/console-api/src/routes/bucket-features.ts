import { routes } from '@stowage/contract';
import type { AppDeps } from '../app.js';
import { type Binder, noContent } from '../http/bind.js';
import { ApiError } from '../http/errors.js';
import * as events from '../services/buckets/events.js';
import * as lifecycle from '../services/buckets/lifecycle.js';
import * as replication from '../services/buckets/replication.js';
import { hasPermission } from '../session/has-permission.js';
import type { Session } from '../session/store.js';

// Events, lifecycle and replication of a bucket.

/**
 * The replication wizard makes the console connect to a host the caller names; only sessions
 * that may configure replication get to do that (it is not an open HTTP relay).
 */
function requireReplicationRight(session: Session): void {
  if (!hasPermission(session.rules, 's3:PutReplicationConfiguration')) {
    throw new ApiError('forbidden', 'replication is not allowed for this session', 'access denied');
  }
}

export function registerBucketFeatureRoutes(bind: Binder, { gateway }: AppDeps): void {
  bind.authed(routes.listBucketEvents, ({ session, params }) =>
    events.listBucketEvents(gateway, session.credentials, params.bucket),
  );
  bind.authed(routes.createBucketEvent, ({ session, params, body }) =>
    noContent(
      events.createBucketEvent(
        gateway,
        session.credentials,
        params.bucket,
        body.configuration,
        body.ignoreExisting ?? false,
      ),
    ),
  );
  bind.authed(routes.deleteBucketEvent, ({ session, params, body }) =>
    noContent(events.deleteBucketEvent(gateway, session.credentials, params.bucket, params.arn, body)),
  );
  bind.authed(routes.listArns, ({ session }) => events.listArns(gateway.admin(session.credentials)));

  bind.authed(routes.getBucketLifecycle, ({ session, params }) =>
    lifecycle.getLifecycle(gateway, session.credentials, params.bucket),
  );
  bind.authed(routes.addBucketLifecycle, ({ session, params, body }) =>
    lifecycle.addLifecycleRule(gateway, session.credentials, params.bucket, body),
  );
  bind.authed(routes.updateBucketLifecycle, ({ session, params, body }) =>
    lifecycle.updateLifecycleRule(gateway, session.credentials, params.bucket, params.id, body),
  );
  bind.authed(routes.deleteBucketLifecycle, ({ session, params }) =>
    noContent(lifecycle.deleteLifecycleRule(gateway, session.credentials, params.bucket, params.id)),
  );

  bind.authed(routes.listExternalBuckets, ({ session, body }) => {
    requireReplicationRight(session);
    return replication.listExternalBuckets(body);
  });
  bind.authed(routes.setMultiBucketReplication, ({ session, body }) => {
    requireReplicationRight(session);
    return replication.setMultiBucketReplication(gateway, session.credentials, body);
  });
  bind.authed(routes.getBucketReplication, ({ session, params }) =>
    replication.getReplication(gateway, session.credentials, params.bucket),
  );
  bind.authed(routes.getBucketReplicationMetrics, ({ session, params }) =>
    replication.getReplicationMetrics(gateway, session.credentials, params.bucket),
  );
  bind.authed(routes.deleteBucketReplicationRule, ({ session, params }) =>
    noContent(replication.deleteReplicationRule(gateway, session.credentials, params.bucket, params.ruleId)),
  );
}
