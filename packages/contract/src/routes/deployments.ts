import { type Static, Type } from 'typebox';
import { defineRoute } from '../route.js';

/**
 * One deployment this console manages, as any visitor may see it: no server address, region or
 * account, only what the switcher shows.
 */
export const DeploymentSummary = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    /** The path its console is served under, with a trailing slash, e.g. `/d/eu/`. */
    path: Type.String(),
    /** This page belongs to it. */
    current: Type.Boolean(),
    /** This browser has a live session there. */
    loggedIn: Type.Boolean(),
  },
  { $id: 'DeploymentSummary' },
);
export type DeploymentSummary = Static<typeof DeploymentSummary>;

export const DeploymentList = Type.Object(
  /** Empty when the console manages a single deployment (no settings file). */
  { deployments: Type.Array(DeploymentSummary) },
  { $id: 'DeploymentList' },
);
export type DeploymentList = Static<typeof DeploymentList>;

export const listDeployments = defineRoute({
  id: 'listDeployments',
  method: 'GET',
  path: '/deployments',
  summary: 'The deployments this console manages, and which of them this browser is logged into',
  tag: 'deployments',
  auth: false,
  responses: { 200: DeploymentList },
});
