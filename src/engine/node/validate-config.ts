// Loads every config file and checks it against its JSON Schema and across files.
// Node-only (file system, ajv at build time); the browser never compiles a schema.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import type * as Compiled from '../../generated/validators/config.cjs';
import type { ConfigBundle, LandingFile, Locale } from '../config-bundle';
import type { Hosts } from '../../generated/config/hosts';
import type { UiStrings } from '../../generated/config/i18n';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import type { Coupon } from '../../generated/config/coupon';
import { withMoneyFilled } from '../money-texts';
import { tableProblems } from '../content/text-placeholders';
import type { Site } from '../../generated/config/site';
import { describeAjvError as describe } from './ajv-messages';
import { configHtmlProblems } from './config-html';
import { crossCheck, type Problem } from './cross-check';
import { publicDir as defaultPublicDir } from './paths';
import { pointerOf } from '../content/pointer';

// A problem's shape lives with the cross-file checks (which this module runs) so they need not
// import this module back.
export type { Problem };

export interface ValidationResult {
  problems: Problem[];
  /** Present only when there is no problem. */
  bundle?: ConfigBundle;
  counts: { programmes: number; landings: number; locales: number; files: number };
}

type SchemaName = 'site' | 'hosts' | 'programme' | 'landing' | 'i18n' | 'coupon';

// Compiled ahead of time by scripts/gen-types.ts (no schema compilation at run time). Loaded with
// Node's own require: bundlers (Vite's config loader) would rewrite the file's requires.
const v: Record<SchemaName, ValidateFunction> = createRequire(import.meta.url)(
  '../../generated/validators/config.cjs',
) as typeof Compiled;

function schemaProblems(file: string, validate: ValidateFunction, data: unknown): Problem[] {
  if (validate(data)) return [];
  const seen = new Set<string>();
  const problems: Problem[] = [];
  for (const error of validate.errors ?? []) {
    const message = describe(error);
    if (!message) continue;
    const key = `${error.instancePath}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ file, pointer: error.instancePath, message });
  }
  return problems;
}

/**
 * Where validation reads config files from: the config folder, or the folder with some files
 * replaced or added by drafts (the Studio validates a draft by this same code).
 */
export interface ConfigReader {
  /** The text of a file (path relative to the config folder), or undefined when there is none. */
  read(file: string): string | undefined;
  /** The .json files of a sub-folder, sorted, as `sub/name.json`. */
  list(sub: string): string[];
}

/** Reads the config folder itself. */
export function directoryReader(dir: string): ConfigReader {
  return {
    read(file) {
      try {
        return readFileSync(path.join(dir, file), 'utf8');
      } catch {
        return undefined;
      }
    },
    list(sub) {
      const full = path.join(dir, sub);
      if (!existsSync(full)) return [];
      return readdirSync(full)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => `${sub}/${f}`);
    },
  };
}

/** `base` with these files (path relative to the config folder → text) in place of, or beside, its own. */
export function withDrafts(base: ConfigReader, drafts: ReadonlyMap<string, string>): ConfigReader {
  return {
    read: (file) => (drafts.has(file) ? drafts.get(file) : base.read(file)),
    list(sub) {
      const added = [...drafts.keys()].filter(
        (file) =>
          file.startsWith(`${sub}/`) && file.endsWith('.json') && !file.slice(sub.length + 1).includes('/'),
      );
      return [...new Set([...base.list(sub), ...added])].sort();
    },
  };
}

/** One file's JSON and its schema problems (data undefined when it is not JSON). */
interface FileCheck {
  data: unknown;
  problems: Problem[];
}

function checkText(file: string, text: string, validate: ValidateFunction): FileCheck {
  try {
    const data = JSON.parse(text) as unknown;
    return { data, problems: schemaProblems(file, validate, data) };
  } catch (error) {
    return {
      data: undefined,
      problems: [{ file, pointer: '', message: `not valid JSON: ${(error as Error).message}` }],
    };
  }
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The files a validation parsed and checked against their schema, by path, with the text each was
 * checked at: a validation given it checks again only the files whose text changed (the Studio
 * validates the whole config at each pause in typing, one file of it changed). What it keeps is
 * frozen, since the bundles of several validations share it.
 */
export class CheckedFiles {
  private readonly files = new Map<string, { text: string; check: FileCheck }>();

  check(file: string, text: string, validate: ValidateFunction): FileCheck {
    const kept = this.files.get(file);
    if (kept?.text === text) return kept.check;
    const check = deepFreeze(checkText(file, text, validate));
    this.files.set(file, { text, check });
    return check;
  }
}

export interface ValidateOptions {
  /** Where /images/… files live; defaults to the project's public folder. */
  publicDir?: string;
  /** Files checked by earlier validations, checked again only when their text changed. */
  checked?: CheckedFiles;
  /** Images that exist besides publicDir's (`/images/x.png`): the server's uploaded ones (decision 049). */
  images?: ReadonlySet<string>;
  /**
   * The English texts as published: an English draft keeps their {placeholders} (the code fills
   * them). Without it (the files, `npm run validate:config`) the English table is its own reference.
   */
  englishAsPublished?: Readonly<Record<string, string>>;
}

type Texts = Readonly<Record<string, string>>;

/** Every locale's texts against the English (and the English against its published texts): decision 057. */
function stringTableProblems(strings: ConfigBundle['strings'], englishAsPublished?: Texts): Problem[] {
  const tables = strings as Partial<Record<string, Texts>>;
  const english = tables.en;
  if (!english) return [];
  const checks: { locale: string; reference: Texts; table: Texts }[] = Object.entries(tables)
    .filter((entry): entry is [string, Texts] => entry[0] !== 'en' && entry[1] !== undefined)
    .map(([locale, table]) => ({ locale, reference: english, table }));
  if (englishAsPublished) checks.push({ locale: 'en', reference: englishAsPublished, table: english });
  return checks.flatMap(({ locale, reference, table }) =>
    tableProblems(reference, table).map(({ key, message }) => ({
      file: `i18n/${locale}.json`,
      pointer: pointerOf(['strings', key]),
      message,
    })),
  );
}

/**
 * Loads and validates the config folder (or what a reader shows of it). The bundle is returned only
 * when there is no problem.
 */
export function validateConfig(
  source: string | ConfigReader,
  options: ValidateOptions = {},
): ValidationResult {
  const reader = typeof source === 'string' ? directoryReader(source) : source;
  const listJson = (sub: string): string[] => reader.list(sub);
  const problems: Problem[] = [];
  const check = <T>(file: string, validate: ValidateFunction): T | undefined => {
    const text = reader.read(file);
    if (text === undefined) {
      problems.push({ file, pointer: '', message: 'file is missing' });
      return undefined;
    }
    const { data, problems: found } = options.checked
      ? options.checked.check(file, text, validate)
      : checkText(file, text, validate);
    problems.push(...found);
    return data !== undefined && found.length === 0 ? (data as T) : undefined;
  };

  const site = check<Site>('site.json', v.site);
  const hosts = check<Hosts>('hosts.json', v.hosts);
  const programmes: Record<string, Programme> = {};
  const programmeFiles: Record<string, string> = {};
  for (const file of listJson('programmes')) {
    const programme = check<Programme>(file, v.programme);
    if (!programme) continue;
    if (`programmes/${programme.id}.json` !== file) {
      problems.push({ file, pointer: '/id', message: `id "${programme.id}" must match the file name` });
    }
    programmes[programme.id] = programme;
    programmeFiles[programme.id] = file;
  }
  const landings: LandingFile[] = [];
  for (const file of listJson('landings')) {
    const landing = check<Landing>(file, v.landing);
    if (landing) landings.push({ file, landing });
  }
  const coupons: ConfigBundle['coupons'] = {};
  for (const file of listJson('coupons')) {
    const coupon = check<Coupon>(file, v.coupon);
    if (!coupon) continue;
    if (`coupons/${coupon.code.toLowerCase()}.json` !== file)
      problems.push({ file, pointer: '/code', message: `code "${coupon.code}" must match the file name` });
    coupons[coupon.code] = coupon;
  }
  const strings: ConfigBundle['strings'] = {};
  for (const file of listJson('i18n')) {
    const table = check<UiStrings>(file, v.i18n);
    if (!table) continue;
    if (`i18n/${table.locale}.json` !== file) {
      problems.push({
        file,
        pointer: '/locale',
        message: `locale "${table.locale}" must match the file name`,
      });
    }
    strings[table.locale as Locale] = table.strings;
  }
  problems.push(...stringTableProblems(strings, options.englishAsPublished));

  const files =
    2 +
    listJson('programmes').length +
    listJson('landings').length +
    listJson('i18n').length +
    listJson('coupons').length;
  const counts = {
    programmes: Object.keys(programmes).length,
    landings: landings.length,
    locales: Object.keys(strings).length,
    files,
  };
  if (!site || !hosts || problems.length > 0) return { problems, counts };

  const bundle: ConfigBundle = { site, hosts, programmes, landings, strings, coupons };
  problems.push(
    ...crossCheck(bundle, {
      programmeFiles,
      publicDir: options.publicDir ?? defaultPublicDir,
      images: options.images,
    }),
  );
  // Texts shown as HTML are what the sanitising rule leaves of them (the browser does not sanitise them).
  problems.push(...configHtmlProblems(bundle, programmeFiles));
  if (problems.length > 0) return { problems, counts };
  // Texts that state an amount by its placeholder ({fee} …) say it as configured (decision 049).
  return { problems, bundle: withAmountsStated(bundle), counts };
}

/** The bundle with every programme's and landing's money placeholders filled from its programme. */
function withAmountsStated(bundle: ConfigBundle): ConfigBundle {
  const programmes = Object.fromEntries(
    Object.entries(bundle.programmes).map(([id, programme]) => [id, withMoneyFilled(programme, programme)]),
  );
  const landings = bundle.landings.map(({ file, landing }) => {
    const programme = bundle.programmes[landing.programme];
    return { file, landing: programme ? withMoneyFilled(landing, programme) : landing };
  });
  return { ...bundle, programmes, landings };
}

/** The validated config, or an Error listing every problem. */
export function loadConfig(dir: string, options: ValidateOptions = {}): ConfigBundle {
  const result = validateConfig(dir, options);
  if (!result.bundle) throw new ConfigError(result.problems);
  return result.bundle;
}

export function formatProblem(problem: Problem): string {
  return `config/${problem.file} ${problem.pointer || '(file)'}: ${problem.message}`;
}

export class ConfigError extends Error {
  constructor(readonly problems: Problem[]) {
    super(
      `Invalid config (${problems.length} problem${problems.length === 1 ? '' : 's'}):\n${problems.map(formatProblem).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}
