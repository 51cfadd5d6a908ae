// The precompiled validators (src/generated/**/*.cjs) are CommonJS: ajv's ESM output fails
// (DESIGN, decision 4). The build bundles CommonJS itself; the dev server serves files under src as
// they are, so a browser would find `exports` undefined. Serve-only: each such file becomes an ES
// module (its requires as imports, module.exports as the default export).
//
// A require must give the dependency's module.exports. Vite's dev server hands a pre-bundled
// CommonJS dependency (ajv's runtime helpers) to a default import as module.exports.default when
// the module says __esModule — so `require("ajv/dist/runtime/ucs2length").default` became
// undefined and every form step threw "func2 is not a function". A namespace import is
// module.exports for such a module (and module.exports plus a default otherwise).
import type { Plugin } from 'vite';

const GENERATED_CJS = /[\\/]src[\\/]generated[\\/].+\.cjs$/;

export function cjsAsEsm(code: string): string {
  const imports: string[] = [];
  const body = code.replace(/require\("([^"]+)"\)/g, (_match, specifier: string) => {
    const name = `__required${imports.length}`;
    imports.push(`import * as ${name} from ${JSON.stringify(specifier)};`);
    return name;
  });
  return [
    ...imports,
    'const module = { exports: {} };',
    'const exports = module.exports;',
    body,
    'export default module.exports;',
  ].join('\n');
}

export function examflowGeneratedCjs(): Plugin {
  return {
    name: 'examflow-generated-cjs',
    apply: 'serve',
    transform(code, id) {
      return GENERATED_CJS.test(id.split('?')[0] ?? id) ? { code: cjsAsEsm(code), map: null } : null;
    },
  };
}
