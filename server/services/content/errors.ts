// The content services' expected refusals (decision 049), each with a code the routes turn into
// a status, and a sentence for a marketing person.
import type { Problem } from '../../../src/engine/node/validate-config';

export type ContentErrorCode =
  | 'not-found'
  | 'conflict'
  | 'invalid'
  | 'forbidden'
  | 'state'
  | 'bad-path'
  /** An upload that is not an image the site may serve. */
  | 'bad-type'
  | 'too-large';

/** An expected refusal, with a sentence for a marketing person. */
export class ContentError extends Error {
  constructor(
    readonly code: ContentErrorCode,
    message: string,
    readonly problems: Problem[] = [],
    /** What the answer carries besides (a conflict: what is published now). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ContentError';
  }
}
