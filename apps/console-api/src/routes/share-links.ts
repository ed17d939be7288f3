import { routes } from '@stowage/contract';
import type { RouteDeps } from '../app.js';
import { type Binder, noContent } from '../http/bind.js';
import { LinkRecords } from '../services/share-links/link-records.js';
import { ShareLinks } from '../services/share-links/share-links.js';

/**
 * The Share links screen's calls (with a session) and the links' own public addresses (none):
 * a limited download link's /share/{id}, and a drop page's info and upload forms.
 */
export function registerShareLinkRoutes(
  storeBind: Binder,
  openBind: Binder,
  { gateway, config, database, clock }: RouteDeps,
): ShareLinks {
  const now = clock ?? Date.now;
  const links = new ShareLinks(gateway, config, new LinkRecords(database, now), now);
  storeBind.authed(routes.listShareLinks, async ({ session, query, request }) =>
    links.list(session, query.offset ?? 0, query.limit ?? 100, request),
  );
  storeBind.authed(routes.revokeShareLink, ({ session, params }) =>
    noContent(links.revoke(session, params.id)),
  );
  storeBind.authed(routes.createDropLink, ({ session, body, request }) =>
    links.createDrop(session, body, request),
  );
  openBind.redirect(routes.openShareLink, ({ params }) => links.open(params.id));
  openBind.open(routes.getDropLink, async ({ params }) => links.dropInfo(params.id));
  openBind.open(routes.presignDropUpload, ({ params, body }) => links.presignDrop(params.id, body.name));
  return links;
}
