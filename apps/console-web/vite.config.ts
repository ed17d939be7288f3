import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

// Workspace packages export TypeScript sources under "source": build against them directly.
const conditions = ['source', ...defaultClientConditions];

export default defineConfig({
  plugins: [react()],
  // Relative asset URLs resolve against <base href>, which the server sets to the base path.
  base: './',
  resolve: { conditions },
  server: {
    proxy: {
      '/api': { target: 'http://127.0.0.1:9090', changeOrigin: true, ws: true },
      '/ws': { target: 'ws://127.0.0.1:9090', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Libraries change less often than screens: separate chunks stay cached across releases.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 3,
            },
            // Edit YAML's editor and YAML parser load on demand, never with the first screen.
            {
              name: 'codemirror',
              test: /node_modules[\\/](@codemirror|@lezer|codemirror|crelt|style-mod|w3c-keyname|@marijn)[\\/]/,
              priority: 4,
            },
            { name: 'yaml', test: /node_modules[\\/]yaml[\\/]/, priority: 4 },
            { name: 'mantine', test: /node_modules[\\/](@mantine|@floating-ui)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
});
