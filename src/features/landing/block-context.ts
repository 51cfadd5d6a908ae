import type { ReactElement } from 'react';
import type { Translate } from '../../engine/i18n';
import type { RegistrationCardData } from '../../engine/registration-card';
import type { UiStringTable } from '../../generated/config/i18n';
import type { Block, Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import type { Site } from '../../generated/config/site';

/** What every block may read besides its own config. */
export interface BlockContext {
  site: Site;
  programme: Programme;
  landing: Landing;
  /** The path this page is rendered for (a landing may have several). */
  path: string;
  /** The programme config's version number the page is rendered from (absent: config files). */
  programmeVersion?: number;
  t: Translate;
  /** The page locale's strings (islands take the ones they use). */
  strings: UiStringTable;
  /** The registration card's first step as HTML, from the app (which joins its view and machine). */
  prerenderRegistrationCard?: (data: RegistrationCardData) => string;
  /** The Studio's preview only: each block marked with its place in the draft (never on a live page). */
  studioMarks?: boolean;
}

export type BlockOfType<T extends Block['type']> = Extract<Block, { type: T }>;

export type BlockComponent<T extends Block['type']> = (props: {
  block: BlockOfType<T>;
  context: BlockContext;
}) => ReactElement;
