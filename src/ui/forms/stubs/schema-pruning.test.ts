// The client build's stand-in for @rjsf/utils' omitExtraData.js and toPathSchema.js
// (schema-pruning.ts, decision 005) refuses them, so no examflow form may prune its data: none sets
// the `omitExtraData` prop, and the one rule the stand-in keeps (isValueEmpty) is @rjsf's.
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isValueEmpty as rjsfIsValueEmpty } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../../engine/node/paths';
import omitExtraData, { getFieldNames, getUsedFormData, isValueEmpty, toPathSchema } from './schema-pruning';

const src = path.join(projectRoot, 'src');
const sources = readdirSync(src, { recursive: true, encoding: 'utf8' })
  .map((file) => file.replaceAll('\\', '/'))
  // The Studio is dev only (never in the client build) and uses @rjsf whole.
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('studio/'))
  .filter((file) => !file.startsWith('ui/forms/stubs/'));

describe('the schema-pruning stand-in', () => {
  it('no client form prunes its data (no omitExtraData, liveOmit or path schema)', () => {
    const pruning = sources.filter((file) =>
      /omitExtraData|liveOmit|toPathSchema|getFieldNames|getUsedFormData/.test(
        readFileSync(path.join(src, file), 'utf8'),
      ),
    );
    expect(pruning).toEqual([]);
  });

  it('refuses each piece by name and says how to bring it back', () => {
    for (const [name, piece] of Object.entries({
      omitExtraData,
      getFieldNames,
      getUsedFormData,
      toPathSchema,
    }))
      expect(() => piece(), name).toThrow(new RegExp(`${name} is not in examflow's client build`));
  });

  it('keeps isValueEmpty as @rjsf has it', () => {
    for (const value of [
      null,
      undefined,
      '',
      'a',
      0,
      [],
      [''],
      {},
      { a: '' },
      { a: { b: null } },
      { a: 1 },
      false,
    ])
      expect(isValueEmpty(value), JSON.stringify(value)).toBe(rjsfIsValueEmpty(value));
  });
});
