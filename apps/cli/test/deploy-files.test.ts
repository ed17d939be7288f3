// The Dockerfile and the Kubernetes manifests describe one deployment: these checks fail when
// one of them drifts from the CLI or from the other (no Docker engine runs here to build the
// image; deploy-manifests.test.ts in console-api applies the manifests to a real API server).
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { parseAllDocuments } from 'yaml';
import { parseCommand } from '../src/args.js';

const root = new URL('../../../', import.meta.url).pathname;
const dockerfile = readFileSync(`${root}Dockerfile`, 'utf8');
const stages = dockerfile.split(/^FROM /m).slice(1);
const runtime = stages.at(-1) ?? '';

interface Container {
  args: string[];
  ports: { name: string; containerPort: number }[];
  securityContext: Record<string, unknown>;
}
interface Manifest {
  kind: string;
  spec: {
    template?: { spec: { securityContext: { runAsUser: number }; containers: Container[] } };
    ports?: { targetPort: string }[];
  };
}
const objects = parseAllDocuments(readFileSync(`${root}deploy/kubernetes/console.yaml`, 'utf8')).map(
  (d) => d.toJS() as Manifest,
);
const pod = objects.find((o) => o.kind === 'Deployment')?.spec.template?.spec;
const servicePort = objects.find((o) => o.kind === 'Service')?.spec.ports?.[0];
const container = pod?.containers[0] as Container;

/** The workspaces a package needs at run time, itself included. */
function workspaceClosure(dir: string, seen = new Set<string>()): Set<string> {
  if (seen.has(dir)) return seen;
  seen.add(dir);
  const pkg = JSON.parse(readFileSync(`${root}${dir}/package.json`, 'utf8'));
  for (const name of Object.keys(pkg.dependencies ?? {})) {
    if (!name.startsWith('@stowage/')) continue;
    const short = name.slice('@stowage/'.length);
    const next = ['packages', 'apps'].map((p) => `${p}/${short}`).find((d) => existsSync(`${root}${d}`));
    if (next) workspaceClosure(next, seen);
  }
  return seen;
}

describe('Dockerfile', () => {
  test('builds in one stage and runs from a second, as a fixed non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(runtime).toMatch(/COPY --from=build /);
    expect(runtime).not.toMatch(/npm (ci|install)/);
    const user = /^USER (\d+):(\d+)$/m.exec(runtime);
    expect(Number(user?.[1])).toBeGreaterThan(0);
    expect(Number(user?.[1])).toBe(pod?.securityContext.runAsUser);
  });

  test('copies the compiled output of every workspace the CLI needs at run time', () => {
    const copied = /for w in ([^;]+); do/.exec(dockerfile)?.[1]?.trim().split(/\s+/) ?? [];
    const needed = [...workspaceClosure('apps/cli')].filter((w) => w !== 'apps/console-web');
    expect(copied.sort()).toEqual(needed.sort());
    // The web app ships as its built files only.
    expect(dockerfile).toContain('apps/console-web/dist');
  });

  test('its entry point is the stowage command and its default is the operator console', () => {
    const entry = JSON.parse(/^ENTRYPOINT (.+)$/m.exec(runtime)?.[1] ?? '[]') as string[];
    expect(entry[0]).toBe('node');
    expect(entry[1]).toBe('/opt/stowage/apps/cli/bin/stowage.mjs');
    expect(existsSync(`${root}apps/cli/bin/stowage.mjs`)).toBe(true);
    const cmd = JSON.parse(/^CMD (.+)$/m.exec(runtime)?.[1] ?? '[]') as string[];
    expect(parseCommand(cmd, {})).toMatchObject({ command: 'console', operator: {}, address: '0.0.0.0' });
  });
});

describe('deploy/kubernetes/console.yaml', () => {
  test('the container runs the operator console on the port its Service targets', () => {
    const command = parseCommand(container.args, {});
    expect(command).toMatchObject({ command: 'console', operator: {}, address: '0.0.0.0' });
    const port = container.ports.find((p) => p.name === servicePort?.targetPort);
    expect(port?.containerPort).toBe((command as { consolePort: number }).consolePort);
  });

  test('the pod runs unprivileged with a read-only root file system', () => {
    expect(pod?.securityContext).toMatchObject({ runAsNonRoot: true });
    expect(container.securityContext).toMatchObject({
      allowPrivilegeEscalation: false,
      readOnlyRootFilesystem: true,
      capabilities: { drop: ['ALL'] },
    });
  });
});
