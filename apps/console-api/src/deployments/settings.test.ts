import { describe, expect, it } from 'vitest';
import { parseDeploymentSettings } from './settings.js';

const ROOT = { id: 'local', name: 'Local' };
const parse = (value: unknown) =>
  parseDeploymentSettings(
    typeof value === 'string' ? value : JSON.stringify(value),
    'deployments.json',
    ROOT,
  );
const one = (entry: Record<string, unknown>) => parse({ deployments: [entry] });
const EU = { id: 'eu', name: 'Europe', serverUrl: 'https://s3.eu.example.com' };

describe('parseDeploymentSettings', () => {
  it('reads each deployment, trimming the name and the address to its origin', () => {
    expect(
      parse({
        deployments: [
          { ...EU, name: ' Europe ', serverUrl: 'https://s3.eu.example.com/', region: 'eu-west-1' },
          {
            id: 'lab-2',
            name: 'Lab',
            serverUrl: 'http://10.0.0.5:9000',
            publicServerUrl: 'https://lab.example.com',
          },
        ],
      }),
    ).toEqual([
      { id: 'eu', name: 'Europe', serverUrl: 'https://s3.eu.example.com', region: 'eu-west-1' },
      {
        id: 'lab-2',
        name: 'Lab',
        serverUrl: 'http://10.0.0.5:9000',
        publicServerUrl: 'https://lab.example.com',
      },
    ]);
  });

  it('an empty list is allowed: the console then has only its own deployment', () => {
    expect(parse({ deployments: [] })).toEqual([]);
  });

  it.each([
    ['not JSON', '{deployments', /deployments\.json: not valid JSON/],
    ['no list', { servers: [] }, /expected an object with a "deployments" list/],
    ['a list at the top', [EU], /expected an object with a "deployments" list/],
    ['an entry that is not an object', { deployments: ['eu'] }, /deployments\[0\]: must be an object/],
  ])('refuses a file with %s', (_what, value, message) => {
    expect(() => parse(value)).toThrow(message);
  });

  it.each([
    ['an id with capitals', { ...EU, id: 'EU' }, /deployments\[0\]: id must be 1-32 lowercase/],
    ['an id with a slash', { ...EU, id: 'e/u' }, /id must be/],
    ['an id ending in a hyphen', { ...EU, id: 'eu-' }, /id must be/],
    ['no name', { ...EU, name: '  ' }, /name must be a non-empty text/],
    [
      'a path in the server URL',
      { ...EU, serverUrl: 'https://s3.example.com/minio' },
      /serverUrl must be an http\(s\) address/,
    ],
    ['another scheme', { ...EU, serverUrl: 'ftp://s3.example.com' }, /serverUrl must be/],
    ['credentials in the URL', { ...EU, serverUrl: 'https://a:b@s3.example.com' }, /serverUrl must be/],
    ['no server URL', { id: 'eu', name: 'Europe' }, /serverUrl must be/],
    ['a bad region', { ...EU, region: 'eu west' }, /region must be letters/],
    ['a bad public address', { ...EU, publicServerUrl: 'example.com' }, /publicServerUrl must be/],
    ['a misspelt setting', { ...EU, serverURL: 'https://x' }, /unknown setting 'serverURL'/],
  ])('refuses an entry with %s', (_what, entry, message) => {
    expect(() => one(entry)).toThrow(message);
  });

  it('refuses an id listed twice, naming the second entry', () => {
    expect(() => parse({ deployments: [EU, { ...EU, name: 'Again' }] })).toThrow(
      "deployments.json: deployments[1]: id 'eu' is listed twice",
    );
  });

  it("refuses the console's own deployment's id", () => {
    expect(() => one({ ...EU, id: 'local' })).toThrow("id 'local' is this console's own deployment (Local)");
  });
});
