import { routes } from '@stowage/contract';
import type { AppDeps } from '../app.js';
import { type Binder, noContent } from '../http/bind.js';
import * as access from '../services/buckets/access.js';
import { listBuckets } from '../services/buckets/list.js';
import * as manage from '../services/buckets/manage.js';
import * as settings from '../services/buckets/settings.js';

// Buckets, their settings and who can reach them; every call signs with the session's keys.

export function registerBucketRoutes(bind: Binder, { gateway }: AppDeps): void {
  bind.authed(routes.listBuckets, ({ session }) => listBuckets(gateway, session.credentials));
  bind.authed(routes.makeBucket, ({ session, body }) =>
    noContent(manage.makeBucket(gateway, session.credentials, body)),
  );
  bind.authed(routes.getBucket, ({ session, params }) =>
    manage.getBucket(gateway, session.credentials, params.bucket),
  );
  bind.authed(routes.deleteBucket, ({ session, params, body }) =>
    noContent(manage.deleteBucket(gateway, session.credentials, params.bucket, body.name)),
  );

  bind.authed(routes.getBucketVersioning, ({ session, params }) =>
    settings.getVersioning(gateway, session.credentials, params.bucket),
  );
  bind.authed(routes.setBucketVersioning, ({ session, params, body }) =>
    noContent(settings.setVersioning(gateway, session.credentials, params.bucket, body.versioning)),
  );
  bind.authed(routes.getBucketQuota, ({ session, params }) =>
    settings.getQuota(gateway, session.credentials, params.bucket),
  );
  bind.authed(routes.setBucketQuota, ({ session, params, body }) =>
    settings.setQuota(gateway, session.credentials, params.bucket, body),
  );
  bind.authed(routes.getBucketObjectLocking, ({ session, params }) =>
    settings.getObjectLocking(gateway, session.credentials, params.bucket),
  );
  bind.authed(routes.getBucketRetention, ({ session, params }) =>
    settings.getRetention(gateway, session.credentials, params.bucket),
  );
  bind.authed(routes.setBucketRetention, ({ session, params, body }) =>
    noContent(settings.setRetention(gateway, session.credentials, params.bucket, body)),
  );
  bind.authed(routes.getBucketEncryption, ({ session, params }) =>
    settings.getEncryption(gateway, session.credentials, params.bucket),
  );
  bind.authed(routes.enableBucketEncryption, ({ session, params, body }) =>
    noContent(settings.enableEncryption(gateway, session.credentials, params.bucket, body)),
  );
  bind.authed(routes.disableBucketEncryption, ({ session, params }) =>
    noContent(settings.disableEncryption(gateway, session.credentials, params.bucket)),
  );

  bind.authed(routes.listBucketUsers, ({ session, params }) =>
    access.listBucketUsers(gateway.admin(session.credentials), params.bucket),
  );
  bind.authed(routes.listBucketPolicies, ({ session, params }) =>
    access.listBucketPolicies(gateway.admin(session.credentials), params.bucket),
  );
  bind.authed(routes.setBucketPolicy, ({ session, params, body }) =>
    access.setBucketAccess(gateway, session.credentials, params.bucket, body),
  );
  bind.authed(routes.listAccessRules, ({ session, params }) =>
    access.listAccessRules(gateway, session.credentials, params.bucket),
  );
  bind.authed(routes.setAccessRule, ({ session, params, body }) =>
    noContent(access.setAccessRule(gateway, session.credentials, params.bucket, body.prefix, body.access)),
  );
  bind.authed(routes.deleteAccessRule, ({ session, params, body }) =>
    noContent(access.setAccessRule(gateway, session.credentials, params.bucket, body.prefix, 'none')),
  );
}
