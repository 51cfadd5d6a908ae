// Validates the whole config as it would be with some files replaced (or added) by drafts, by the
// same code as `npm run validate:config`: a draft is checked against its schema and across files
// (a path another variant already uses, a time a programme no longer has) before it is written.
import {
  directoryReader,
  validateConfig,
  withDrafts,
  type ValidateOptions,
  type ValidationResult,
} from '../../engine/node/validate-config';

export interface Draft {
  /** Path relative to the config folder, e.g. landings/x.json. */
  path: string;
  /** The parsed JSON the Studio edits. */
  content: unknown;
}

/** The text a draft is written as: 2-space JSON and a final newline, like the files in config/. */
export function draftText(content: unknown): string {
  return `${JSON.stringify(content, null, 2)}\n`;
}

export function validateWithDrafts(
  configDir: string,
  drafts: readonly Draft[],
  options: ValidateOptions = {},
): ValidationResult {
  const overlay = new Map(drafts.map((d) => [d.path, draftText(d.content)]));
  return validateConfig(withDrafts(directoryReader(configDir), overlay), options);
}
