// The dev server's config (decision 049): the API server's published versions, which the pages
// plugin renders, and the developers' path in: config/ files edited on disk are published at once
// (validated together), so the pages, the API and the Studio agree. Shared through the global
// symbol registry, because Vite loads vite.config.ts (and the plugins it imports) as a bundle of
// its own: a module-level variable would be a different one there.
import type { FastifyInstance } from 'fastify';
import type { ViteDevServer } from 'vite';
import type { ConfigBundle } from '../../src/engine/config-bundle';
import { configDir } from '../../src/engine/node/paths';
import {
  directoryReader,
  validateConfig,
  type ValidationResult,
} from '../../src/engine/node/validate-config';
import {
  documentsOf,
  filesEditedSinceSeen,
  publishFiles,
  type Actor,
} from '../../server/services/content/versions';

export interface DevContent {
  /** The published config the API serves now. */
  site(): ConfigBundle;
  /**
   * Validates config/ and publishes the files edited since they came in; the validation says what
   * is wrong when the files do not work together (nothing is published then).
   */
  adoptFiles(): Promise<{ validation: ValidationResult; published: string[] }>;
}

const KEY = Symbol.for('examflow.devContent');
const registry = globalThis as unknown as Record<symbol, DevContent | undefined>;

export const devContent = (): DevContent | undefined => registry[KEY];

/** The developer's edits in config/, published as this author. */
const FILES: Actor = { id: 'files', name: 'config/ files', role: 'admin' };

/**
 * Makes the API server's published config the dev server's, publishing the files edited since they
 * came in first; a publish then reloads the pages open on the dev server. Answers how to stop.
 */
export async function connectDevContent(
  api: FastifyInstance,
  vite: ViteDevServer,
  reloadEvent: string,
): Promise<{ published: string[]; problems: number; disconnect(): void }> {
  const content = shareDevContent(api);
  const { published, validation } = await content.adoptFiles();
  let connected = true;
  api.ctx.content?.add(async () => () => {
    if (connected) vite.ws.send(reloadEvent, {});
  });
  return {
    published,
    problems: validation.problems.length,
    disconnect() {
      connected = false;
      if (registry[KEY] === content) registry[KEY] = undefined;
    },
  };
}

function shareDevContent(api: FastifyInstance): DevContent {
  const content: DevContent = {
    site: () => api.ctx.site,
    async adoptFiles() {
      const reader = directoryReader(configDir());
      const validation = validateConfig(reader);
      if (!validation.bundle) return { validation, published: [] };
      const edited = await filesEditedSinceSeen(api.ctx.db, documentsOf(reader));
      const published = await publishFiles(api.ctx.db, edited, {
        actor: FILES,
        now: api.ctx.now(),
        site: validation.bundle,
      });
      await api.ctx.content?.refresh();
      return { validation, published };
    },
  };
  registry[KEY] = content;
  return content;
}
