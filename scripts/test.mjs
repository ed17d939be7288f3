// `npm test`: install what is missing (npm packages, Debian's Chromium, awscli, boto3, s3cmd, rclone, restic and
// Go with the madmin-go and minio-go sources, Prometheus, OpenLDAP, PostgreSQL, Redis, MariaDB,
// RabbitMQ, Mosquitto, NATS, etcd, kubectl and a kube-apiserver built from Debian's source), build, run
// the static checks and every Vitest project (unit, integration, end-to-end), then the unit suite and a
// `stowage start` smoke again under Node 24 LTS (the other supported runtime, from the npm registry),
// and print one line `N passed, N failed` that counts each test and each check.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  ensureBuilt,
  ensureDebianPackages,
  ensureDependencies,
  ensureKubeApiserver,
  ensureNode24,
  root,
} from './lib/ensure.mjs';
import { UNIT_SUITE_ARGS } from './lib/unit-suite.mjs';

ensureDependencies();
ensureDebianPackages([
  { name: 'chromium', binary: '/usr/bin/chromium' },
  { name: 'awscli', binary: '/usr/bin/aws' },
  { name: 'python3-boto3', binary: '/usr/lib/python3/dist-packages/boto3/__init__.py' },
  { name: 's3cmd', binary: '/usr/bin/s3cmd' },
  { name: 'rclone', binary: '/usr/bin/rclone' },
  { name: 'restic', binary: '/usr/bin/restic' },
  // Real peers the tests start on loopback: directory logins, dashboard metrics, the audit log.
  { name: 'slapd', binary: '/usr/sbin/slapd' },
  { name: 'prometheus', binary: '/usr/bin/prometheus' },
  { name: 'postgresql', binary: '/usr/lib/postgresql/15/bin/postgres' },
  // Bucket event notifications to real Redis, MariaDB, RabbitMQ, Mosquitto and NATS.
  { name: 'redis-server', binary: '/usr/bin/redis-server' },
  { name: 'mariadb-server', binary: '/usr/sbin/mariadbd' },
  { name: 'rabbitmq-server', binary: '/usr/lib/rabbitmq/bin/rabbitmq-server' },
  { name: 'mosquitto', binary: '/usr/sbin/mosquitto' },
  { name: 'nats-server', binary: '/usr/sbin/nats-server' },
  // The README's reverse proxy configurations, run in front of `stowage start --base-path`.
  { name: 'nginx-light', binary: '/usr/sbin/nginx' },
  { name: 'caddy', binary: '/usr/bin/caddy' },
  // Self-signed certificates for the TLS stand-ins.
  { name: 'openssl', binary: '/usr/bin/openssl' },
  // The real admin client the store is checked against (packages/store/test/madmin-compat).
  { name: 'golang-go', binary: '/usr/bin/go' },
  {
    name: 'golang-github-minio-madmin-go-dev',
    binary: '/usr/share/gocode/src/github.com/minio/madmin-go/api.go',
  },
  {
    name: 'golang-github-minio-minio-go-v7-dev',
    binary: '/usr/share/gocode/src/github.com/minio/minio-go/v7/api.go',
  },
  // Operator mode runs against a real kube-apiserver (built below) backed by Debian's etcd.
  { name: 'etcd-server', binary: '/usr/bin/etcd' },
  // The tenant round trip is checked with kubectl too; any kubectl on PATH will do.
  { name: 'kubernetes-client', command: 'kubectl' },
]);
ensureKubeApiserver();
ensureBuilt();

let passed = 0;
let failed = 0;

function check(name, cmd, args) {
  console.log(`» ${name}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (res.status === 0) passed += 1;
  else {
    failed += 1;
    console.log(`✗ ${name} failed`);
  }
}

check('typecheck', 'npm', ['run', '-s', 'typecheck']);
check('lint', 'npx', ['biome', 'ci', '.']);
check('dependency rules', 'npm', ['run', '-s', 'deps:check']);

const reportDir = join(root, 'test-results');
mkdirSync(reportDir, { recursive: true });

/** Runs Vitest with `node` and adds its tests to the counts; a file that fails to load counts as failed. */
function vitest(label, node, args, reportName) {
  const report = join(reportDir, reportName);
  const vitestArgs = [
    join(root, 'node_modules/vitest/vitest.mjs'),
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
    ...args,
  ];
  console.log(`» ${label}`);
  const res = spawnSync(node, vitestArgs, { cwd: root, stdio: 'inherit' });
  const before = failed;
  try {
    const summary = JSON.parse(readFileSync(report, 'utf8'));
    passed += summary.numPassedTests;
    failed += summary.numFailedTests;
    // A file that fails to load has no tests to count; count it so it cannot pass silently.
    const brokenFiles = summary.testResults.filter(
      (f) => f.status === 'failed' && f.assertionResults.length === 0,
    );
    failed += brokenFiles.length;
    if (summary.numPendingTests + summary.numTodoTests > 0) {
      console.log(`note: ${summary.numPendingTests + summary.numTodoTests} skipped or todo`);
    }
  } catch {
    failed += 1;
    console.log(`✗ ${label} produced no report`);
  }
  if (res.status !== 0 && failed === before) failed += 1;
}

vitest('vitest', process.execPath, process.argv.slice(2), 'vitest.json');

// Node 24 LTS: the unit suite and the built product's smoke, unless a subset was asked for.
if (process.argv.length === 2) {
  const node24 = ensureNode24();
  vitest('unit suite under Node 24', node24, UNIT_SUITE_ARGS, 'vitest-node24.json');
  check('stowage start smoke under Node 24', node24, ['scripts/smoke-start.mjs']);
}

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
