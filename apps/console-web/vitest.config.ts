import { defaultClientConditions, mergeConfig } from 'vite';
import { defineProject } from 'vitest/config';
import viteConfig from './vite.config.js';

const conditions = ['source', ...defaultClientConditions];

export default mergeConfig(
  viteConfig,
  defineProject({
    resolve: { conditions },
    ssr: { resolve: { conditions, externalConditions: ['source'] } },
    test: {
      name: 'console-web',
      environment: 'jsdom',
      setupFiles: ['./src/test/setup.ts'],
      include: ['src/**/*.test.{ts,tsx}'],
      testTimeout: 20_000,
    },
  }),
);
