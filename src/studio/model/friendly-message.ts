// A validate-config problem in words for someone who never sees JSON: the field by its name and
// place ("Hero · Heading: must not be empty"), not "/blocks/1/heading". The sentences are
// validate-config's own, reworded by src/engine/node/ajv-messages.ts (one wording source).
import { editorWording } from '../../engine/node/ajv-messages';
import type { Problem } from '../../engine/node/validate-config';
import { escapeSegment, segmentsOf } from './pointer';
import { configKindOf, fieldName, labelAt } from './schema-labels';

/** Where a problem is, in words: the field's label, with the child a missing field names. */
export function problemLabel(problem: Problem, doc?: unknown): string {
  const { child } = editorWording(problem.message);
  const pointer = child === undefined ? problem.pointer : `${problem.pointer}/${escapeSegment(child)}`;
  const kind = configKindOf(problem.file);
  if (kind) return labelAt(kind, pointer, doc);
  const segments = segmentsOf(pointer);
  // site.json, hosts.json, i18n: no block types to name, so the field names in order.
  return [
    problem.file,
    ...segments.map((s) => (/^\d+$/.test(s) ? String(Number(s) + 1) : fieldName(s))),
  ].join(' · ');
}

/** The pointer of the field to focus for a problem (a missing field's own place). */
export function problemField(problem: Problem): string {
  const { child } = editorWording(problem.message);
  return child === undefined ? problem.pointer : `${problem.pointer}/${escapeSegment(child)}`;
}

/** "Hero · Heading: must not be empty". `doc` is the file's content (its blocks' types name them). */
export function friendlyMessage(problem: Problem, doc?: unknown): string {
  return `${problemLabel(problem, doc)}: ${editorWording(problem.message).sentence}`;
}
