import { routes } from '@stowage/contract';
import type { AppDeps } from '../app.js';
import { adminFor } from '../clients/storage.js';
import { type Binder, noContent } from '../http/bind.js';
import * as groups from '../services/groups.js';
import * as policies from '../services/policies.js';
import * as users from '../services/users.js';

// Users, groups and policies: every call signs with the session's own credentials, so the
// storage server decides what the session may do.

export function registerIdentityRoutes(bind: Binder, { gateway }: AppDeps): void {
  const admin = adminFor(gateway);

  bind.authed(routes.listUsers, ({ session }) => users.listUsers(admin(session)));
  bind.authed(routes.getUser, ({ session, query }) => users.getUser(admin(session), query.name));
  bind.authed(routes.addUser, ({ session, body }) => users.addUser(admin(session), body));
  bind.authed(routes.updateUser, ({ session, query, body }) =>
    users.updateUser(admin(session), query.name, body),
  );
  bind.authed(routes.removeUser, async ({ session, query }) => {
    await users.removeUser(admin(session), query.name, session.accountAccessKey);
    return undefined;
  });
  bind.authed(routes.bulkUsersGroups, async ({ session, body }) => {
    await users.addUsersToGroups(admin(session), body.users, body.groups);
    return undefined;
  });

  bind.authed(routes.listGroups, ({ session }) => groups.listGroups(admin(session)));
  bind.authed(routes.getGroup, ({ session, query }) => groups.getGroup(admin(session), query.name));
  bind.authed(routes.addGroup, async ({ session, body }) => {
    await groups.addGroup(admin(session), body.group, body.members);
    return undefined;
  });
  bind.authed(routes.updateGroup, ({ session, query, body }) =>
    groups.updateGroup(admin(session), query.name, body),
  );
  bind.authed(routes.removeGroup, async ({ session, query }) => {
    await groups.removeGroup(admin(session), query.name);
    return undefined;
  });

  bind.authed(routes.listPolicies, ({ session, query }) => policies.listPolicies(admin(session), query));
  bind.authed(routes.setPolicy, async ({ session, body }) => {
    await policies.setPolicy(admin(session), body);
    return undefined;
  });
  bind.authed(routes.addPolicy, ({ session, body }) =>
    policies.addPolicy(admin(session), body.name, body.policy),
  );
  bind.authed(routes.getPolicy, ({ session, query }) => policies.getPolicy(admin(session), query.name));
  bind.authed(routes.removePolicy, ({ session, query }) =>
    noContent(policies.removePolicy(admin(session), query.name)),
  );
  bind.authed(routes.listUsersForPolicy, ({ session, params }) =>
    policies.policyEntities(admin(session), params.name, 'users'),
  );
  bind.authed(routes.listGroupsForPolicy, ({ session, params }) =>
    policies.policyEntities(admin(session), params.name, 'groups'),
  );
}
