// `inspect` for every actor the app starts: `useMachine(machine, { input, inspect: actorInspect })`.
// Unit tests leave it off (they start actors by the thousand), and so does the prerenderer (plain
// Node, where import.meta.env is undefined). In a production build `import.meta.env.DEV` is false,
// so this is `undefined` and the inspector code is dropped from the bundle
// (tests/e2e/no-devtools-in-production.test.ts proves it).
import { createDevInspect } from './dev-inspect';

export const actorInspect =
  import.meta.env?.DEV && import.meta.env.MODE !== 'test' ? createDevInspect() : undefined;
