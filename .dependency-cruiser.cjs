// The dependency rules of the design (DESIGN.md "Dependency direction only"; ARCHITECTURE.md),
// checked by `npm run deps:check` in `npm test`: a new back-edge fails the build.

// The store's folders, lowest layer first. A folder imports only folders of a lower rank,
// so no two folders can import each other. store.ts, app.ts and index.ts at the top are the
// composition root and may import anything.
const STORE_LAYERS = [
  // Leaves: the error catalogue, XML writer, Reply and query parsing of the wire (wire/);
  // atomic file writes (fsx/); sockets, outbound policy, connection strings (net/); crypto/.
  ['wire', 'fsx', 'net', 'crypto'],
  // On-disk formats and their versions.
  ['format'],
  // The server configuration (kv, env, subsystems) and its persisted store.
  ['config'],
  // Logging, tracing, metrics, audit, notification and log targets.
  ['observe'],
  // The object engine: erasure sets, drives, system and bucket documents.
  ['engine'],
  // Domains on the engine.
  ['iam', 'tiers', 'maintenance'],
  ['replication', 'ilm'],
  // The protocol edge: the HTTP server, domain errors to wire codes, then the protocols.
  ['http'],
  ['s3'],
  ['sts'],
  ['admin'],
];

const STORE = '^packages/store/src/';
// Tests may reach across layers to check what they test end to end; the rules are the code's.
const NOT_TESTS = '(\\.test\\.tsx?$|/test/|/test-support)';
const rankOf = new Map(STORE_LAYERS.flatMap((folders, rank) => folders.map((f) => [f, rank])));

/** A folder may import only lower ranks: everything of its own rank and above is forbidden. */
const storeLayerRules = [...rankOf].map(([folder, rank]) => {
  const notBelow = [...rankOf].filter(([other, r]) => r >= rank && other !== folder).map(([f]) => f);
  return {
    name: `store-layer-${folder}`,
    comment: `store/${folder}/ (layer ${rank}) imports only lower layers: never ${notBelow.join(', ')}`,
    severity: 'error',
    from: { path: `${STORE}${folder}/`, pathNot: NOT_TESTS },
    to: { path: `${STORE}(${notBelow.join('|')})/` },
  };
});

const SERVER_PACKAGES = '^(packages/(store|madmin|multipart)|apps/(console-api|cli))/';

module.exports = {
  forbidden: [
    {
      name: 'no-package-imports-app',
      comment: 'Nothing under packages/ imports apps/ (DESIGN: nothing imports apps/*).',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'apps-are-independent',
      comment:
        'An app imports no other app; only the cli (`stowage start`, the composition root) puts the store and the console together.',
      severity: 'error',
      from: { path: '^apps/([^/]+)/', pathNot: '^apps/cli/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-imports-no-server-package',
      comment: 'console-web runs in the browser: no store, madmin, multipart, console-api or cli.',
      severity: 'error',
      from: { path: '^apps/console-web/' },
      to: { path: SERVER_PACKAGES },
    },
    {
      name: 'web-imports-no-node-builtin',
      comment: 'console-web runs in the browser: no node: modules outside its tests.',
      severity: 'error',
      from: { path: '^apps/console-web/src/', pathNot: NOT_TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'contract-imports-no-server-package',
      comment: 'The contract is shared with the browser: no server package, no app.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: `${SERVER_PACKAGES}|^apps/` },
    },
    {
      name: 'contract-imports-no-node-builtin',
      comment: 'The contract is shared with the browser: no node: modules outside its tests.',
      severity: 'error',
      from: { path: '^packages/contract/src/', pathNot: NOT_TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'madmin-imports-no-workspace',
      comment:
        'madmin is the admin client used by store and console-api (DESIGN: madmin <- store, console-api).',
      severity: 'error',
      from: { path: '^packages/madmin/' },
      to: { path: '^(packages/(store|contract)|apps)/' },
    },
    {
      name: 'sizing-imports-no-workspace',
      comment: 'sizing is a leaf shared by the store, console-api and console-web.',
      severity: 'error',
      from: { path: '^packages/sizing/' },
      to: { path: '^(packages/(store|madmin|contract)|apps)/' },
    },
    {
      name: 'policy-imports-no-workspace',
      comment:
        "policy is the pure policy engine shared by the store (enforcing) and console-api (simulating); it knows only madmin's document types.",
      severity: 'error',
      from: { path: '^packages/policy/' },
      to: { path: '^(packages/(?!(policy|madmin)/)|(apps|e2e|bench)/)' },
    },
    {
      name: 'multipart-imports-no-workspace',
      comment: 'multipart is a leaf parser shared by the store and console-api; it knows no S3 nor Fastify.',
      severity: 'error',
      from: { path: '^packages/multipart/' },
      to: { path: '^(packages/(?!multipart/)|(apps|e2e|bench)/)' },
    },
    {
      name: 'store-imports-no-console',
      comment: 'The store knows nothing of the console (contract, console-api, console-web).',
      severity: 'error',
      from: { path: '^packages/store/' },
      to: { path: '^(packages/contract|apps)/' },
    },
    {
      name: 'console-api-imports-no-store',
      comment: 'The console API talks to a store over the admin API (madmin), never to its code.',
      severity: 'error',
      from: { path: '^apps/console-api/', pathNot: NOT_TESTS },
      to: { path: '^packages/store/' },
    },
    ...storeLayerRules,
    {
      name: 'store-domain-throws-no-wire-error',
      comment:
        'Domain folders raise their own errors (engine/errors.ts, iam/errors.ts...); http/domain-errors.ts maps them to wire codes.',
      severity: 'error',
      from: {
        path: `${STORE}(format|config|engine|iam|tiers|maintenance|replication|ilm)/`,
        pathNot: NOT_TESTS,
      },
      to: { path: `${STORE}wire/errors\\.ts$` },
    },
    {
      name: 'no-unresolvable',
      comment: 'An import that resolves to nothing is a typo or a missing dependency.',
      severity: 'error',
      from: {},
      to: {
        couldNotResolve: true,
        // The web-table bench pages take Mantine from the web app's own node_modules through a
        // Vite alias (bench/src/web-table.bench.mjs), as the web app itself does.
        pathNot: '^@mantine/',
      },
    },
  ],
  options: {
    // npm packages and node: builtins are kept as modules (the browser rules need them), not followed.
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage|test-results)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      // Workspace packages export their TypeScript sources under "source" (vitest.config.ts).
      conditionNames: ['source', 'import', 'node', 'default'],
      exportsFields: ['exports'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
