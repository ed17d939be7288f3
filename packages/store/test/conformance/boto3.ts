import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import type { TestStore } from '@stowage/test-support/store/harness';
import { expect } from 'vitest';
import { boto3Env } from '../support/python.js';

// boto3 (Debian's python3-boto3) against a test store: a script runs after a prelude that
// makes the clients `s3` and `res` (path style, SigV4, no retries); it prints JSON.

const run = promisify(execFile);
const PYTHON = '/usr/bin/python3';
const BOTO3 = '/usr/lib/python3/dist-packages/boto3/__init__.py';

const PRELUDE = `
import hashlib, io, json, os, sys, urllib.request, urllib.error
import boto3
from boto3.s3.transfer import TransferConfig
from botocore.config import Config
from botocore.exceptions import ClientError
session = boto3.session.Session(aws_access_key_id=os.environ['KEY'], aws_secret_access_key=os.environ['SECRET'], region_name='us-east-1')
config = Config(signature_version='s3v4', s3={'addressing_style': 'path'}, retries={'max_attempts': 1})
s3 = session.client('s3', endpoint_url=os.environ['ENDPOINT'], config=config)
res = session.resource('s3', endpoint_url=os.environ['ENDPOINT'], config=config)
def code(call):
    try:
        call()
        return 'ok'
    except ClientError as e:
        return e.response['Error']['Code']
`;

/**
 * Runs a Python script after the prelude; its stdout parsed as JSON. `crt: false` signs with
 * botocore's own signer, which presigns any X-Amz-Expires (the CRT one refuses 0 and below).
 */
export async function python(t: TestStore, script: string, opts: { crt?: boolean } = {}): Promise<unknown> {
  // Async exec only: the store runs in this process, so a synchronous child would deadlock it.
  const { stdout } = await run(PYTHON, ['-c', PRELUDE + script], {
    env: boto3Env(t, { DIR: t.dir, ...(opts.crt === false ? { BOTO_DISABLE_CRT: 'true' } : {}) }),
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout);
}

export const boto3Installed = () =>
  expect(
    existsSync(BOTO3),
    'boto3 is missing: run `apt-get install python3-boto3` (the test command installs it)',
  ).toBe(true);
