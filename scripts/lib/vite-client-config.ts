import react from '@vitejs/plugin-react';
import type { InlineConfig } from 'vite';

/** The client bundle: shared by the dev server (vite.config.ts) and the production build. */
export const PAGE_ENTRY = 'src/app/entries/page.ts';

export function clientConfig(outDir: string): InlineConfig {
  return {
    plugins: [react()],
    appType: 'custom',
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      target: 'es2020',
      rollupOptions: { input: { page: PAGE_ENTRY } },
    },
  };
}
