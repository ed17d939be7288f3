// `node scripts/s3-tests.mjs S3_TESTS_DIR [pytest args...]`: runs Ceph's s3-tests (a checkout of
// github.com/ceph/s3-tests) against a fresh store, as an outside conformance check. It is not
// part of `npm test`: the suite is fetched from GitHub, which CI cannot reach. Needs Debian's
// python3-pytest, -boto3, -munch, -gevent, -isodate, -tz, -lxml and -yaml.
//
// main is an IAM user with `readwrite` (a root user would pass every bucket policy), alt has no
// IAM policy (only bucket policies let it in, as another account would be), and the markers for
// what the store does not offer (AWS-only cases, IAM/STS APIs, lifecycle engines, websites,
// select, logging, SNS, RGW extensions) are left out; add pytest arguments to narrow it further.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MadminClient } from '@stowage/madmin';
import { ensureBuilt, root } from './lib/ensure.mjs';

const [suite, ...pytestArgs] = process.argv.slice(2);
if (!suite) {
  console.error('usage: node scripts/s3-tests.mjs S3_TESTS_DIR [pytest args...]');
  process.exit(2);
}

const ROOT_USER = { accessKey: 's3-tests-root', secretKey: 's3-tests-root-secret' };
const USERS = {
  main: {
    accessKey: '0555b35654ad1656d804',
    secretKey: 'h7GhxuBLTrlhVUyxSPUKUV8r/2EI4ngqJxD7iBdB',
    policy: 'readwrite',
  },
  alt: { accessKey: 'NOPQRSTUVWXYZABCDEFG', secretKey: 'nopqrstuvwxyzabcdefghijklmnabcdefghijklm' },
  tenant: {
    accessKey: 'HIJKLMNOPQRSTUVWXYZA',
    secretKey: 'opqrstuvwxyzabcdefghijklmnopqrstuvwxyzab',
    policy: 'readwrite',
  },
};
const SKIPPED = [
  'fails_on_aws',
  's3select',
  'lifecycle_expiration',
  'lifecycle_transition',
  'cloud_transition',
  'cloud_restore',
  's3website',
  'bucket_logging',
  'bucket_logging_cleanup',
  'iam_account',
  'iam_user',
  'iam_role',
  'iam_tenant',
  'iam_cross_account',
  'sns',
  'webidentity_test',
  'test_of_sts',
  'appendobject',
  'fails_without_logging_rollover',
];

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

ensureBuilt();
const dir = mkdtempSync(join(tmpdir(), 'stowage-s3-tests-'));
const drives = [1, 2, 3, 4].map((i) => join(dir, `d${i}`));
const port = await freePort();
const store = spawn(
  process.execPath,
  [join(root, 'apps/cli/bin/stowage.mjs'), 'server', '--port', String(port), ...drives],
  {
    env: {
      ...process.env,
      STOWAGE_ROOT_USER: ROOT_USER.accessKey,
      STOWAGE_ROOT_PASSWORD: ROOT_USER.secretKey,
      // Tests sign wrongly on purpose, hundreds of times, from one address.
      STOWAGE_STS_LOGIN_FAILURES_PER_ADDRESS: '1000000',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  },
);
try {
  const endpoint = `http://127.0.0.1:${port}`;
  const admin = new MadminClient({ endpoint, credentials: ROOT_USER });
  for (let tries = 0; ; tries++) {
    try {
      await admin.users.list();
      break;
    } catch (err) {
      if (tries > 100) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  for (const user of Object.values(USERS)) {
    await admin.users.add(user.accessKey, user.secretKey);
    if (user.policy) await admin.policies.set([user.policy], user.accessKey, false);
  }
  const section = (name, user, extra = '') =>
    `[s3 ${name}]\ndisplay_name = ${name}\nuser_id = ${name}\nemail = ${name}@example.com\n` +
    `access_key = ${user.accessKey}\nsecret_key = ${user.secretKey}\n${extra}`;
  const conf = join(dir, 's3tests.conf');
  writeFileSync(
    conf,
    `[DEFAULT]\nhost = 127.0.0.1\nport = ${port}\nis_secure = False\nssl_verify = False\n\n` +
      '[fixtures]\nbucket prefix = s3t-{random}-\n\n' +
      `${section('main', USERS.main, 'api_name = default\n')}\n${section('alt', USERS.alt)}\n` +
      `${section('tenant', USERS.tenant, 'tenant = testx\n')}\n` +
      // Read when the suite loads; the IAM tests that use them are left out.
      ['iam', 'iam root', 'iam alt root']
        .map(
          (name) =>
            `[${name}]\naccess_key = ${USERS.main.accessKey}\nsecret_key = ${USERS.main.secretKey}\nuser_id = ${name.replace(/ /g, '-')}\nemail = ${name.replace(/ /g, '-')}@example.com\ndisplay_name = ${name}\n`,
        )
        .join('\n'),
  );
  const result = spawnSync(
    '/usr/bin/python3',
    [
      '-m',
      'pytest',
      's3tests/functional/test_s3.py',
      '-q',
      '-rf',
      '-p',
      'no:cacheprovider',
      '-m',
      `not (${SKIPPED.join(' or ')})`,
      ...pytestArgs,
    ],
    { cwd: suite, env: { ...process.env, S3TEST_CONF: conf }, stdio: 'inherit' },
  );
  process.exitCode = result.status ?? 1;
} finally {
  store.kill();
  rmSync(dir, { recursive: true, force: true });
}
