// The dev server's conversion of a generated CommonJS validator: evaluated as an ES module, it
// exports what the CommonJS file exported, with its requires resolved.
import { describe, expect, it } from 'vitest';
import { cjsAsEsm } from './vite-plugin-generated-cjs';

describe('cjsAsEsm', () => {
  it('turns requires into imports and module.exports into the default export', async () => {
    const source = [
      '"use strict";',
      'exports["-abc"] = validate10;',
      'const func2 = require("./helper.mjs").default;',
      'function validate10(data) { return func2(data) === 3; }',
    ].join('\n');
    const esm = cjsAsEsm(source);
    // A namespace import: for a CommonJS module marked __esModule (ajv's runtime helpers) that is
    // its module.exports, where a default import would be module.exports.default.
    expect(esm).toContain('import * as __required0 from "./helper.mjs";');
    expect(esm).not.toContain('require(');
    // Run it: the import is stood in for by a data URL module shaped like such a module.exports.
    const helper = `data:text/javascript,${encodeURIComponent('export const __esModule = true; export default (s) => s.length;')}`;
    const runnable = esm.replace('"./helper.mjs"', JSON.stringify(helper));
    const mod = (await import(`data:text/javascript,${encodeURIComponent(runnable)}`)) as {
      default: Record<string, (data: string) => boolean>;
    };
    expect(mod.default['-abc']?.('abc')).toBe(true);
    expect(mod.default['-abc']?.('ab')).toBe(false);
  });
});
