// The string table's tools on a temporary copy of config: `npm run strings:add` puts a key in every
// locale at the same place, and the schema derived from the table then requires it everywhere.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import prettier from 'prettier';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { projectRoot } from '../../src/engine/node/paths';
import { copyConfig, type ConfigCopy } from '../../tests/fixtures/config-copy';
import { addString, anchorFor, i18nSchema, problemsOf, readLocale, type LocaleFile } from './i18n-table';

const schemaFile = path.join(projectRoot, 'schemas/config/i18n.schema.json');

let copy: ConfigCopy;
beforeEach(() => {
  copy = copyConfig();
});
afterEach(() => copy.remove());

async function validatorOf(dir: string) {
  const ajv = new Ajv({ allErrors: true, strict: true });
  return ajv.compile(JSON.parse(await i18nSchema(dir, schemaFile)) as object);
}

describe('the string table schema', () => {
  it('is the checked-in schemas/config/i18n.schema.json, derived from the real table', async () => {
    expect(await i18nSchema(path.join(projectRoot, 'config'), schemaFile)).toBe(
      readFileSync(schemaFile, 'utf8'),
    );
  });

  it('refuses a locale that misses a key of the English file or has one it lacks', async () => {
    copy.edit<LocaleFile>('i18n/hi.json', (hi) => {
      delete hi.strings['api.otp.verified'];
      hi.strings['api.extra'] = 'अतिरिक्त';
    });
    const validate = await validatorOf(copy.dir);
    expect(validate(copy.read('i18n/en.json'))).toBe(true);
    expect(validate(copy.read('i18n/hi.json'))).toBe(false);
    const problems = (validate.errors ?? []).map((e) => `${e.keyword} ${JSON.stringify(e.params)}`);
    expect(problems).toContain('required {"missingProperty":"api.otp.verified"}');
    expect(problems).toContain('additionalProperties {"additionalProperty":"api.extra"}');
  });
});

describe('strings:add', () => {
  it('adds the key to every locale after its namespace, and the regenerated schema requires it', async () => {
    const lastOtpKey = Object.keys(readLocale(copy.dir, 'en').strings)
      .filter((key) => key.startsWith('api.otp.'))
      .at(-1);
    expect(lastOtpKey).toBeDefined();
    await addString(copy.dir, {
      key: 'api.otp.resent',
      texts: { en: 'OTP sent again to {mobile}.', hi: 'ओटीपी {mobile} पर फिर से भेजा गया।' },
      note: 'After Resend OTP',
    });
    const en = readLocale(copy.dir, 'en');
    const hi = readLocale(copy.dir, 'hi');
    expect(en.strings['api.otp.resent']).toBe('OTP sent again to {mobile}.');
    expect(hi.strings['api.otp.resent']).toBe('ओटीपी {mobile} पर फिर से भेजा गया।');
    expect(en.notes?.['api.otp.resent']).toBe('After Resend OTP');
    expect(hi.notes).toBeUndefined();
    // Right after the last api.otp.* key, in both files: the files keep one order.
    const after = (file: LocaleFile) =>
      Object.keys(file.strings)[Object.keys(file.strings).indexOf('api.otp.resent') - 1];
    expect(after(en)).toBe(lastOtpKey);
    expect(after(hi)).toBe(lastOtpKey);
    expect(Object.keys(hi.strings)).toEqual(Object.keys(en.strings));
    // Written as Prettier writes JSON, so `npm run lint` stays clean.
    const text = readFileSync(path.join(copy.dir, 'i18n/hi.json'), 'utf8');
    expect(text).toBe(
      await prettier.format(text, { ...(await prettier.resolveConfig(schemaFile)), parser: 'json' }),
    );

    const schema = JSON.parse(await i18nSchema(copy.dir, schemaFile)) as {
      properties: { strings: { required: string[]; properties: Record<string, { description: string }> } };
    };
    expect(schema.properties.strings.required).toContain('api.otp.resent');
    expect(schema.properties.strings.properties['api.otp.resent']?.description).toBe('After Resend OTP');
    const validate = await validatorOf(copy.dir);
    expect(validate(en)).toBe(true);
    expect(validate(hi)).toBe(true);
  });

  it('puts a key of a new namespace at the end, and a new sub-namespace after its parent', () => {
    const keys = ['a.x', 'b.y', 'b.z', 'c'];
    expect(anchorFor(keys, 'b.q')).toBe('b.z');
    expect(anchorFor(keys, 'b.new.q')).toBe('b.z');
    expect(anchorFor(keys, 'd.q')).toBe('c');
  });

  it('refuses a key already there, a missing locale, a stray locale and differing placeholders', () => {
    expect(problemsOf(copy.dir, { key: 'api.otp.verified', texts: { en: 'Sent.', hi: 'भेजा गया।' } })).toEqual(
      ['"api.otp.verified" is already in the table'],
    );
    expect(problemsOf(copy.dir, { key: 'api.x', texts: { en: 'X {n}', hi: 'एक्स', fr: 'X' } })).toEqual([
      'no file config/i18n/fr.json',
      "the hi text's {placeholders} differ from the English",
      "the fr text's {placeholders} differ from the English",
    ]);
    expect(problemsOf(copy.dir, { key: 'api x', texts: { en: 'X' } })).toEqual([
      '"api x" is not a key (dotted words, e.g. api.otp.invalid)',
      'no text for locale "hi" (--hi "…")',
    ]);
  });

  it('the command refuses before writing anything', () => {
    const run = (...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/strings-add.ts', ...args], {
        cwd: projectRoot,
        encoding: 'utf8',
      });
    const before = readFileSync(path.join(projectRoot, 'config/i18n/en.json'), 'utf8');
    const missing = run('api.otp.verified', '--en', 'Sent.');
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('"api.otp.verified" is already in the table');
    expect(missing.stderr).toContain('no text for locale "hi"');
    expect(run().status).toBe(2);
    expect(readFileSync(path.join(projectRoot, 'config/i18n/en.json'), 'utf8')).toBe(before);
  });
});
