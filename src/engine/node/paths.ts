import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file is src/engine/node/paths.ts). */
export const projectRoot = fileURLToPath(new URL('../../..', import.meta.url)).replace(/\/$/, '');

/** The config folder: EXAMFLOW_CONFIG_DIR overrides (tests and benchmarks use temporary copies). */
export function configDir(): string {
  return path.resolve(process.env.EXAMFLOW_CONFIG_DIR ?? path.join(projectRoot, 'config'));
}

export const schemasDir = path.join(projectRoot, 'schemas');
export const publicDir = path.join(projectRoot, 'public');
