import react from '@vitejs/plugin-react';
import type { InlineConfig } from 'vite';

/** examflow Studio's entry (DESIGN.md decision 8): a build of its own, apart from the public site. */
export const STUDIO_ENTRY_FILE = 'src/studio/app/main.tsx';
/** Where the Studio's files are served: its page at /studio, its assets under /studio/assets/. */
export const STUDIO_BASE = '/studio/';

/**
 * The Studio's production build (`npm run build`, beside the public site's): its own entry, output
 * folder and manifest, so no public page can request one of its chunks and a change of the Studio
 * never moves a byte of the public bundles. The server writes its page from the manifest.
 */
export function studioConfig(outDir: string): InlineConfig {
  return {
    plugins: [react()],
    appType: 'custom',
    base: STUDIO_BASE,
    build: {
      outDir,
      emptyOutDir: true,
      manifest: true,
      // Fonts stay files: the CSP's font-src 'self' refuses data: fonts (as the site's build).
      assetsInlineLimit: (file: string) => (/\.(woff2?|ttf|otf)$/i.test(file) ? false : undefined),
      // Staff use it on office machines; the editor's form library is one large chunk, loaded when it opens.
      chunkSizeWarningLimit: 1_000,
      rolldownOptions: { input: { studio: STUDIO_ENTRY_FILE } },
    },
  };
}
