import { routes } from '@stowage/contract';
import type { Binder } from '../http/bind.js';
import { getMaxAllocatableMemory, getParityChoices, type ListNodes } from '../services/operator-sizing.js';
import type { Session } from '../session/store.js';

/** Operator mode: the cluster's nodes as the session's Kubernetes token may read them. */
export type SessionNodeLister = (session: Session) => ReturnType<ListNodes>;

/**
 * The Create Tenant wizard's sizing helpers. get-parity needs no cluster; max-allocatable-memory
 * is bound only when the console talks to one (operator mode gives `listNodes`).
 */
export function registerOperatorSizingRoutes(bind: Binder, listNodes?: SessionNodeLister): void {
  bind.authed(routes.getParity, async ({ params }) => getParityChoices(params.nodes, params.disksPerNode));
  if (!listNodes) return;
  bind.authed(routes.getMaxAllocatableMemory, async ({ query, session }) =>
    getMaxAllocatableMemory(() => listNodes(session), query.num_nodes),
  );
}
