import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const root = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Libraries change less often than our code: their own chunks stay cached across releases.
          // Only groups whose every module the first screen needs, or that only lazily loaded chunks
          // import: a catch-all vendor group would pull zod, Amplify and the rest into the first load.
          groups: [
            { name: 'amplify', test: /node_modules[\\/](aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy|js-cookie|uuid|tslib)[\\/]/, priority: 20 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|cookie|set-cookie-parser)[\\/]/, priority: 10 },
            // i18next and the app's own set-up of it (the first chunk needs both).
            { name: 'i18n', test: /(node_modules[\\/](i18next|react-i18next|html-parse-stringify|void-elements|use-sync-external-store)[\\/]|[\\/]src[\\/]lib[\\/](i18n|i18n-setup|languages)\.ts$|[\\/]src[\\/]locales[\\/](namespaces|resources)\.ts$)/, priority: 10 },
            // The icons' common code and the spinner's icon, which the first chunk shows.
            { name: 'lucide', test: /lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/](?!loader-circle))/, priority: 10 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]query-core[\\/]/, priority: 10 },
            // Every screen's building blocks in one chunk instead of a dozen tiny ones, each a round
            // trip; the first chunk's spinner stays out of it (it would drag the group into the first load).
            { name: 'ui', test: /([\\/]src[\\/]components[\\/](?!spinner)|lucide-react[\\/].*[\\/]icons[\\/](?!loader-circle))/, priority: 5 },
          ],
        },
      },
    },
  },
});
