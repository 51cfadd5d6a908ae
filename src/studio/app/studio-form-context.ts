// What the form's templates and widgets need from the editor, through rjsf's formContext. It is one
// stable object (getters, not values) so a keystroke does not re-render every field.
import { createContext, useContext } from 'react';
import type { JsonPath } from './json-path';
import type { Json, StudioApi } from './studio-api';

export interface Counterpart {
  /** The other page's language (en or hi). */
  locale: string;
  file: string;
  content: Json;
}

/** A text's other-language version; `side` is the language of the draft's own text. */
export interface TranslationInfo {
  side: 'en' | 'hi';
  other?: string;
}

export interface StudioFormContext {
  getDraft(): Json;
  /** A structural edit of the whole draft (drag, add a typed block), as one undo step. */
  edit(update: (draft: Json) => Json, message: string): void;
  /** Say what was done (role=status), optionally with an Undo button. */
  announce(message: string, options?: { undo?: boolean }): void;
  pageLocale(): string;
  api: StudioApi;
  /**
   * Ask before an edit at `pointer` (a field, a list, an entry added or removed) changes what
   * students pay; resolves true to go ahead, at once when the edit touches no money.
   */
  confirmMoney(pointer: string, before: unknown, after: unknown): Promise<boolean>;
  /** Set fields beside an image (its width and height) once picked. */
  setAt(path: JsonPath, value: Json): void;
  /**
   * A text field's keys, sent by held typing: the preview asks for the draft they make, and
   * `commit` (which gives them to @rjsf, whose redraw of the whole form comes before its onChange)
   * runs once the preview has drawn it, or at once (see FormAfterPreview).
   */
  typed(fieldId: string, before: unknown, after: unknown, commit: () => void): void;
}

/**
 * The other language's texts, beside each field (Hindi pages, or pages with a Hindi page). A React
 * context, not formContext: the other page arrives after the form first shows, and a context
 * reaches the fields that read it without @rjsf redrawing (or the editor remounting) the form,
 * which would drop keys held typing has not yet given it.
 */
export interface Translations {
  counterpart: Counterpart | null;
  /** The text at this pointer in the other language. */
  at(pointer: string): TranslationInfo | undefined;
  /** On a Hindi page: the English text changed since this one was translated (decision 054). */
  stale?(pointer: string): boolean;
}

export const TranslationsContext = createContext<Translations>({ counterpart: null, at: () => undefined });

export const LOCALE_NAMES: Record<string, string> = { en: 'English', hi: 'Hindi' };

export const StudioApiContext = createContext<StudioApi | null>(null);

export function useStudioApi(): StudioApi {
  const api = useContext(StudioApiContext);
  if (!api) throw new Error('useStudioApi outside <StudioApiContext.Provider>');
  return api;
}
