import { routes } from '@stowage/contract';
import type { AppDeps } from '../app.js';
import { adminFor } from '../clients/storage.js';
import { type Binder, noContent } from '../http/bind.js';
import * as groups from '../services/groups.js';
import * as policies from '../services/policies.js';
import * as users from '../services/users.js';

// Users, groups and policies: every call signs with the session's own credentials, so the
// storage server decides what the session may do.

export function registerIdentityRoutes(bind: Binder, { gateway, sessions }: AppDeps): void {
  const admin = adminFor(gateway);
  // A change of rights made here reaches every open session at its next request, not only
  // after the refresh interval (changes made elsewhere wait for that).
  const changesRights = async <T>(work: Promise<T>): Promise<T> => {
    const result = await work;
    sessions.markAllStale();
    return result;
  };

  bind.authed(routes.listUsers, ({ session }) => users.listUsers(admin(session)));
  bind.authed(routes.getUser, ({ session, query }) => users.getUser(admin(session), query.name));
  bind.authed(routes.addUser, ({ session, body }) => users.addUser(admin(session), body));
  bind.authed(routes.updateUser, ({ session, query, body }) =>
    changesRights(users.updateUser(admin(session), query.name, body)),
  );
  bind.authed(routes.removeUser, ({ session, query }) =>
    noContent(changesRights(users.removeUser(admin(session), query.name, session.accountAccessKey))),
  );
  bind.authed(routes.bulkUsersGroups, ({ session, body }) =>
    noContent(changesRights(users.addUsersToGroups(admin(session), body.users, body.groups))),
  );

  bind.authed(routes.listGroups, ({ session }) => groups.listGroups(admin(session)));
  bind.authed(routes.getGroup, ({ session, query }) => groups.getGroup(admin(session), query.name));
  bind.authed(routes.addGroup, ({ session, body }) =>
    noContent(changesRights(groups.addGroup(admin(session), body.group, body.members))),
  );
  bind.authed(routes.updateGroup, ({ session, query, body }) =>
    changesRights(groups.updateGroup(admin(session), query.name, body)),
  );
  bind.authed(routes.removeGroup, ({ session, query }) =>
    noContent(changesRights(groups.removeGroup(admin(session), query.name))),
  );

  bind.authed(routes.listPolicies, ({ session, query }) => policies.listPolicies(admin(session), query));
  bind.authed(routes.setPolicy, ({ session, body }) =>
    noContent(changesRights(policies.setPolicy(admin(session), body))),
  );
  bind.authed(routes.addPolicy, ({ session, body }) =>
    changesRights(policies.addPolicy(admin(session), body.name, body.policy)),
  );
  bind.authed(routes.getPolicy, ({ session, query }) => policies.getPolicy(admin(session), query.name));
  bind.authed(routes.removePolicy, ({ session, query }) =>
    noContent(changesRights(policies.removePolicy(admin(session), query.name))),
  );
  bind.authed(routes.listUsersForPolicy, ({ session, params }) =>
    policies.policyEntities(admin(session), params.name, 'users'),
  );
  bind.authed(routes.listGroupsForPolicy, ({ session, params }) =>
    policies.policyEntities(admin(session), params.name, 'groups'),
  );
}
