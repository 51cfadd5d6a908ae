import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configDir } from '../../engine/node/paths';
import { validateConfig } from '../../engine/node/validate-config';
import type { Landing } from '../../generated/config/landing';
import { validateWithDrafts } from './draft-validation';

const read = (file: string) => JSON.parse(readFileSync(path.join(configDir(), file), 'utf8')) as Landing;

describe('validateWithDrafts', () => {
  it('with no draft is validate:config itself', () => {
    expect(validateWithDrafts(configDir(), [])).toEqual(validateConfig(configDir()));
  });

  it('sees a draft in place of its file, by the same schema checks', () => {
    const draft = { ...read('landings/adst.json'), description: 'Too short' };
    const { problems, counts } = validateWithDrafts(configDir(), [
      { path: 'landings/adst.json', content: draft },
    ]);
    expect(problems).toEqual([
      {
        file: 'landings/adst.json',
        pointer: '/description',
        message: 'must be at least 50 characters (has 9)',
      },
    ]);
    expect(counts.files).toBe(validateConfig(configDir()).counts.files);
  });

  it('sees a new file beside the others, by the same cross-checks', () => {
    const copy = { ...read('landings/adst.json'), variantKey: 'adst_copy' };
    const result = validateWithDrafts(configDir(), [{ path: 'landings/adst-copy.json', content: copy }]);
    expect(result.counts.files).toBe(validateConfig(configDir()).counts.files + 1);
    expect(result.problems).toContainEqual(
      expect.objectContaining({
        pointer: '/paths/0',
        message: expect.stringContaining('is already used by'),
      }),
    );
    const fine = validateWithDrafts(configDir(), [
      { path: 'landings/adst-copy.json', content: { ...copy, paths: ['/adst-copy'] } },
    ]);
    expect(fine.problems).toEqual([]);
    expect(fine.bundle?.landings.map((l) => l.file)).toContain('landings/adst-copy.json');
  });
});
