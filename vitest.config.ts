import { defineConfig } from 'vitest/config';

// Workspace packages export their TypeScript sources under the "source" condition,
// so tests run against src/ without a build step. Vite adds import/require by itself; listing
// "import" here would also steer CommonJS require() of dual packages to their ES module.
const conditions = ['source', 'node', 'default'];

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions, externalConditions: ['source'] } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'contract',
          root: 'packages/contract',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'sizing', root: 'packages/sizing', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'multipart', root: 'packages/multipart', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'madmin', root: 'packages/madmin', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'policy', root: 'packages/policy', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'test-support', root: 'packages/test-support', include: ['src/**/*.test.ts'] },
      },
      {
        extends: true,
        test: { name: 'store', root: 'packages/store', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'console-api',
          root: 'apps/console-api',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'cli', root: 'apps/cli', include: ['src/**/*.test.ts', 'test/**/*.test.ts'] },
      },
      'apps/console-web',
      // Repository checks: the dependency rules of .dependency-cruiser.cjs hold and bite.
      { extends: true, test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'] } },
      {
        extends: true,
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
