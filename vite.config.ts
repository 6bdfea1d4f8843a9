import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { THEME_BOOT_SCRIPT } from './src/shared/theme/theme.ts';

// The theme is set on <html> before the stylesheet paints (no light frame); the CSP admits it by hash.
const themeBoot: Plugin = {
  name: 'theme-boot',
  transformIndexHtml: () => [{ tag: 'script', children: THEME_BOOT_SCRIPT, injectTo: 'head-prepend' }],
};

export default defineConfig({
  plugins: [themeBoot, react(), tailwindcss()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    // Budget in docs/product-rules.md (B); the bench measures the real figure.
    chunkSizeWarningLimit: 300,
    // Every browser that runs the app's JavaScript features knows <link rel="modulepreload">; the
    // polyfill for the others rode in every first load.
    modulePreload: { polyfill: false },
    // Everything the entry imports statically is one file: left to itself Rolldown splits out every
    // module a lazy page shares with the entry (React, the router, the messages...), and eight files
    // gzipped one by one cost the landing page 2 KB more than one.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] } } },
  },
  server: {
    port: 5173,
    // ws: docs' collaboration socket (/api/collab) is an upgrade of the same port.
    proxy: { '/api': { target: `http://127.0.0.1:${process.env.PORT ?? 3000}`, changeOrigin: false, ws: true } },
  },
});
