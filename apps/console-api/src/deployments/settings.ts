/**
 * The deployments settings file (`STOWAGE_DEPLOYMENTS`): the MinIO-compatible servers one
 * console manages besides its own, each with its own logins. JSON, so it needs no parser beyond
 * the platform's:
 *
 *   { "deployments": [ { "id": "eu", "name": "Europe", "serverUrl": "https://s3.eu.example.com",
 *                        "region": "eu-west-1", "publicServerUrl": "https://s3.eu.example.com" } ] }
 */
export interface DeploymentSettings {
  /** URL-safe: the deployment's console is served under `/d/<id>/`, its cookies carry it. */
  id: string;
  /** What people see in the switcher and the sidebar. */
  name: string;
  /** The server's S3/admin address as the console reaches it. */
  serverUrl: string;
  /** Region to sign its calls with (default us-east-1). */
  region?: string;
  /** The server's address as browsers reach it (share links, uploads); default serverUrl. */
  publicServerUrl?: string;
}

/** The deployment served at the console's own path: the embedded store, or `--server`. */
export interface RootDeployment {
  id: string;
  name: string;
}

export class DeploymentSettingsError extends Error {}

export const DEPLOYMENT_ID = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;
const REGION = /^[A-Za-z0-9-]{1,64}$/;
const MAX_DEPLOYMENTS = 32;
const MAX_NAME = 64;
const KEYS = new Set(['id', 'name', 'serverUrl', 'region', 'publicServerUrl']);

/** scheme://host[:port] of an http(s) address with no path, query or credentials; else undefined. */
function serverOrigin(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const plain =
    /^https?:$/.test(url.protocol) && url.pathname === '/' && !url.search && !url.hash && !url.username;
  return plain && !/[?#]/.test(raw) ? url.origin : undefined;
}

function entry(raw: unknown, at: string): DeploymentSettings {
  const fail = (why: string) => {
    throw new DeploymentSettingsError(`${at}: ${why}`);
  };
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return fail('must be an object');
  const record = raw as Record<string, unknown>;
  const unknownKey = Object.keys(record).find((k) => !KEYS.has(k));
  if (unknownKey)
    fail(`unknown setting '${unknownKey}' (allowed: id, name, serverUrl, region, publicServerUrl)`);
  const { id, name, region } = record;
  if (typeof id !== 'string' || !DEPLOYMENT_ID.test(id))
    fail(
      `id must be 1-32 lowercase letters, digits and inner hyphens (it goes into URLs), got ${JSON.stringify(id)}`,
    );
  if (typeof name !== 'string' || !name.trim() || name.length > MAX_NAME)
    fail(`name must be a non-empty text of at most ${MAX_NAME} characters`);
  const serverUrl = serverOrigin(record.serverUrl);
  if (!serverUrl)
    fail(
      `serverUrl must be an http(s) address like https://s3.example.com (no path), got ${JSON.stringify(record.serverUrl)}`,
    );
  if (region !== undefined && (typeof region !== 'string' || !REGION.test(region)))
    fail(`region must be letters, digits and hyphens, got ${JSON.stringify(region)}`);
  const publicServerUrl =
    record.publicServerUrl === undefined ? undefined : serverOrigin(record.publicServerUrl);
  if (record.publicServerUrl !== undefined && !publicServerUrl)
    fail(
      `publicServerUrl must be an http(s) address (no path), got ${JSON.stringify(record.publicServerUrl)}`,
    );
  return {
    id: id as string,
    name: (name as string).trim(),
    serverUrl: serverUrl as string,
    ...(region ? { region: region as string } : {}),
    ...(publicServerUrl ? { publicServerUrl } : {}),
  };
}

/**
 * Reads the settings file's text; `source` names it in errors. The root deployment's id is
 * taken already. Every problem is an error that says where and what, so a console never starts
 * with half its deployments.
 */
export function parseDeploymentSettings(
  text: string,
  source: string,
  root: RootDeployment,
): DeploymentSettings[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new DeploymentSettingsError(`${source}: not valid JSON (${(err as Error).message})`);
  }
  const list = (parsed as { deployments?: unknown } | null)?.deployments;
  if (typeof parsed !== 'object' || parsed === null || !Array.isArray(list))
    throw new DeploymentSettingsError(`${source}: expected an object with a "deployments" list`);
  if (list.length > MAX_DEPLOYMENTS)
    throw new DeploymentSettingsError(
      `${source}: at most ${MAX_DEPLOYMENTS} deployments, got ${list.length}`,
    );
  const seen = new Set([root.id]);
  return list.map((raw, i) => {
    const deployment = entry(raw, `${source}: deployments[${i}]`);
    if (seen.has(deployment.id)) {
      const why =
        deployment.id === root.id ? `is this console's own deployment (${root.name})` : 'is listed twice';
      throw new DeploymentSettingsError(`${source}: deployments[${i}]: id '${deployment.id}' ${why}`);
    }
    seen.add(deployment.id);
    return deployment;
  });
}
