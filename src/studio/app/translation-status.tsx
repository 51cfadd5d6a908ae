// Translations in step (decision 054), in the editor: on a Hindi page, the list of its texts
// missing or stale against the English page ("English changed since this was translated"), each
// with a way to it and, when stale, "Still right"; on an English page, a link to its Hindi page
// and how many texts there need translating after this draft. The marks come from the server's
// basis (which English text each Hindi text was made from) and the pages as they stand.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  textsToTranslate,
  type TextToTranslate,
  type TranslationBasis,
} from '../../engine/content/translation-basis';
import type { Landing } from '../../generated/config/landing';
import { focusField } from './field-focus';
import type { Json, StudioApi } from './studio-api';

export const STATE_WORDS: Record<TextToTranslate['state'], string> = {
  missing: 'Missing Hindi text',
  stale: 'English changed since this was translated',
};

const isLanding = (value: Json | null | undefined): value is { blocks: Json[]; [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && Array.isArray(value.blocks);

export interface TranslationMarks {
  /** The Hindi page (its file) the marks are about, and the English page it translates. */
  hindiFile: string;
  englishFile: string;
  rows: TextToTranslate[];
  /** Whether the Hindi text at this pointer is stale (the form marks it beside the field). */
  stale(pointer: string): boolean;
  confirm(pointers: string[]): Promise<void>;
}

/**
 * The marks of the page being edited: `draft` is the page (Hindi or English); `twin` the other
 * language's page as loaded. Read again when `savedKey` changes (a save records a new basis).
 */
export function useTranslationMarks({
  api,
  file,
  draft,
  twin,
  savedKey,
}: {
  api: StudioApi;
  file: string;
  draft: Json | null;
  twin: { file: string; locale: string; content: Json } | null;
  savedKey: unknown;
}): TranslationMarks | null {
  const hindiFile = twin?.locale === 'hi' ? twin.file : twin ? file : null;
  // `page`: the page being edited when it was read (the link between the two pages opens the other
  // in the same editor; the last page's marks are never shown on it).
  const [state, setState] = useState<{
    page: string;
    english: { path: string; content: Json };
    basis: TranslationBasis;
    loadedHi: Json;
  } | null>(null);
  const hindiNow = hindiFile === file ? draft : (twin?.content ?? null);
  useEffect(() => {
    if (!hindiFile) return;
    let live = true;
    api.translations(hindiFile).then(
      (answer) => {
        if (live && answer?.english)
          setState({ page: file, english: answer.english, basis: answer.basis, loadedHi: answer.content });
      },
      () => undefined,
    );
    return () => void (live = false);
    // Read when the page opens and after each save, not on every keystroke.
  }, [api, file, hindiFile, savedKey]);

  const confirm = useCallback(
    async (pointers: string[]) => {
      if (!hindiFile) return;
      const basis = await api.confirmTranslations(hindiFile, pointers);
      setState((before) => before && { ...before, basis });
    },
    [api, hindiFile],
  );

  return useMemo(() => {
    if (!hindiFile || !state || state.page !== file) return null;
    // On the English page its own draft is the English as it will be; on the Hindi page, the
    // English as it stands on the server (its newest version being worked on).
    const english = hindiFile === file ? state.english.content : draft;
    // Until the page's own draft has loaded, the editor may still hold the last page's.
    if (!isLanding(english) || !isLanding(hindiNow) || hindiNow.locale !== 'hi') return null;
    const rows = textsToTranslate(
      english as unknown as Landing,
      hindiNow as unknown as Landing,
      state.basis,
      isLanding(state.loadedHi) ? (state.loadedHi as unknown as Landing) : undefined,
    );
    const staleAt = new Set(rows.filter((r) => r.state === 'stale').map((r) => r.pointer));
    return {
      hindiFile,
      englishFile: state.english.path,
      rows,
      stale: (pointer: string) => staleAt.has(pointer),
      confirm,
    };
  }, [hindiFile, state, file, draft, hindiNow, confirm]);
}

const short = (text: string | undefined) =>
  text === undefined ? '' : text.length > 140 ? `${text.slice(0, 140)}…` : text;

/** The list on a Hindi page; the line on an English page. */
export function TranslationStatus({
  marks,
  file,
  name,
}: {
  marks: TranslationMarks;
  file: string;
  /** A page's name in words ("NEET repeater scholarship (Hindi)"). */
  name: (file: string) => string;
}) {
  const [note, setNote] = useState('');
  // After "Still right" the button is gone: the list's heading keeps the focus.
  const confirmed = (text: string) => {
    setNote(text);
    document.getElementById('st-translations-heading')?.focus();
  };
  if (marks.hindiFile !== file) {
    const count = marks.rows.length;
    return (
      <p className="st-note st-translation-line">
        Hindi page: <Link to={`/edit/${marks.hindiFile}`}>{name(marks.hindiFile)}</Link>, its texts shown
        beside each text here to compare.{' '}
        {count === 0
          ? 'Every text there is translated and up to date.'
          : `${count} ${count === 1 ? 'text there needs' : 'texts there need'} translating after these changes.`}
      </p>
    );
  }
  const stale = marks.rows.filter((r) => r.state === 'stale');
  return (
    <section className="st-translations" aria-labelledby="st-translations-heading">
      <h2 id="st-translations-heading" className="st-translations__heading" tabIndex={-1}>
        Texts to translate ({marks.rows.length})
      </h2>
      <p className="st-note">
        English page: <Link to={`/edit/${marks.englishFile}`}>{name(marks.englishFile)}</Link>, its texts
        shown beside each text here to compare.{' '}
        {marks.rows.length === 0 ? 'Every text is translated and up to date with it.' : null}
      </p>
      {marks.rows.length > 0 && (
        <ul className="st-translations__list">
          {marks.rows.map((row) => (
            <li key={row.pointer} className="st-translations__row">
              <p className="st-translations__label">
                <strong>{row.label}</strong>{' '}
                <span className={`st-badge st-badge--warn`}>{STATE_WORDS[row.state]}</span>
              </p>
              {row.en !== undefined && (
                <p className="st-translations__en">
                  English now: <q lang="en">{short(row.en)}</q>
                </p>
              )}
              <div className="st-translations__actions">
                <button type="button" className="st-button" onClick={() => focusField(row.pointer)}>
                  Go to this text
                </button>
                {row.state === 'stale' && (
                  <button
                    type="button"
                    className="st-button"
                    onClick={() =>
                      void marks.confirm([row.pointer]).then(
                        () => confirmed(`Marked "${row.label}" as still right.`),
                        (error: Error) => setNote(error.message),
                      )
                    }
                  >
                    Still right
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {stale.length > 1 && (
        <button
          type="button"
          className="st-button"
          onClick={() =>
            void marks.confirm(stale.map((r) => r.pointer)).then(
              () => confirmed(`Marked ${stale.length} texts as still right.`),
              (error: Error) => setNote(error.message),
            )
          }
        >
          All {stale.length} still right
        </button>
      )}
      <p role="status" className="st-note">
        {note}
      </p>
    </section>
  );
}
