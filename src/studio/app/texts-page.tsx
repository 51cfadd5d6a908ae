// The Texts screen: every text of the registration card, login, dashboard, result and messages that
// the string tables hold, grouped by where students read it (text-places.ts), English and Hindi side
// by side, searchable, with the Hindi texts missing or still in English picked out. Each language is
// its own document, saved as a draft and submitted for review as the page editor does (decision 057).
import { ReviewNote } from './review-note';
import { lazy, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { placeholdersOf, textProblem } from '../../engine/content/text-placeholders';
import { cardStepOf, PLACES, placeOf, type Place } from '../model/text-places';
import { ReviewPanel } from './review-panel';
import { StatusBar, useStatus } from './status';
import { useSubmitWhenSaved } from './submit-when-saved';
import { useTextTable, type Strings, type TextTable } from './text-table';

/** The card preview, with the card's code: loaded when asked for. */
const TextInCard = lazy(async () => ({ default: (await import('./text-in-card')).TextInCard }));

/** At most this many texts are shown for a search: more is a search to narrow. */
export const SHOWN_AT_MOST = 60;

const LANGUAGE = { en: 'English', hi: 'Hindi' } as const;
type Lang = keyof typeof LANGUAGE;

/** A textarea's height: its lines at about 44 characters a line, at least one. */
const rowsFor = (text: string) =>
  text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(line.length / 44)), 0);

/** Whether a text has words to translate besides its {placeholders} ("{class} {stream}" has none). */
const hasWords = (text: string) => /\p{L}/u.test(text.replace(/\{\w+\}/g, ''));

/** The Hindi text still to write: absent, empty, or the English text as it is (when it has words). */
export const hindiMissing = (english: string, hindi: string | undefined) =>
  !hindi?.trim() || (hindi.trim() === english.trim() && hasWords(english));

const idOf = (lang: Lang, key: string) => `st-text-${lang}-${key.replace(/[^\w-]/g, '_')}`;

interface Row {
  key: string;
  published: string;
  en: string;
  hi: string;
  enProblem?: string | undefined;
  hiProblem?: string | undefined;
}

function TextField({
  lang,
  row,
  onChange,
}: {
  lang: Lang;
  row: Row;
  onChange(lang: Lang, key: string, text: string): void;
}) {
  const id = idOf(lang, row.key);
  const problem = lang === 'en' ? row.enProblem : row.hiProblem;
  const missing = lang === 'hi' && hindiMissing(row.en, row.hi);
  const hinted = placeholdersOf(row.published).length > 0;
  return (
    <div className="st-text__side">
      <label htmlFor={id} className="st-label">
        {LANGUAGE[lang]}
        {missing && (
          <span className="st-badge st-badge--warn">{row.hi.trim() ? 'Still in English' : 'Missing'}</span>
        )}
      </label>
      <textarea
        id={id}
        lang={lang}
        rows={rowsFor(row[lang])}
        value={row[lang]}
        aria-invalid={problem ? true : undefined}
        aria-describedby={
          [problem ? `${id}-error` : '', hinted ? `${row.key}-hint` : ''].filter(Boolean).join(' ') ||
          undefined
        }
        onChange={(event) => onChange(lang, row.key, event.target.value)}
      />
      {problem && (
        <p id={`${id}-error`} className="st-field-error">
          {problem}
        </p>
      )}
    </div>
  );
}

/** A row draws again only when one of its texts or problems changed. */
const sameRow = (a: { row: Row }, b: { row: Row }) =>
  (Object.keys(a.row) as (keyof Row)[]).every((k) => a.row[k] === b.row[k]) &&
  Object.keys(a.row).length === Object.keys(b.row).length;

const TextRow = memo(function TextRow({
  row,
  onChange,
  onShowInCard,
}: {
  row: Row;
  onChange(lang: Lang, key: string, text: string): void;
  onShowInCard(row: Row): void;
}) {
  const names = placeholdersOf(row.published);
  return (
    <div className="st-text" role="group" aria-labelledby={`${row.key}-caption`}>
      <p id={`${row.key}-caption`} className="st-text__caption">
        “{row.published}”
      </p>
      {cardStepOf(row.key) && (
        <button
          type="button"
          className="st-button st-button--small st-button--secondary st-text__see"
          aria-label={`See “${row.published}” in the card`}
          onClick={() => onShowInCard(row)}
        >
          See it in the card
        </button>
      )}
      {row.en !== row.published && <span className="st-badge">English changed, not published yet</span>}
      <p id={`${row.key}-hint`} className="st-help">
        {names.length > 0
          ? `Keep ${names.map((n) => `{${n}}`).join(', ')} as written: the page puts the real value there.`
          : ''}
      </p>
      <div className="st-text__sides">
        <TextField lang="en" row={row} onChange={onChange} />
        <TextField lang="hi" row={row} onChange={onChange} />
      </div>
    </div>
  );
}, sameRow);

/** One language's way to review: what is saved, why it cannot be submitted yet, Submit. */
function SubmitLine({
  lang,
  table,
  problems,
  onSubmitted,
}: {
  lang: Lang;
  table: TextTable;
  problems: number;
  onSubmitted(text: string, ok: boolean): void;
}) {
  const [note, setNote] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const what = `the ${LANGUAGE[lang]} texts`;
  const blocked =
    problems > 0
      ? `Fix ${problems === 1 ? 'the text' : `the ${problems} texts`} marked in red to submit ${what}.`
      : table.savedNumber === null && !table.unsaved
        ? 'No changes to submit.'
        : '';
  const onItsWay = table.unsaved || table.saving;
  const done = !onItsWay && table.submitted === table.savedNumber;
  const why = blocked || (onItsWay ? 'Saving the draft…' : done ? 'Submitted for review.' : '');
  const { submit } = table;
  const send = useCallback(() => {
    setSubmitting(true);
    void submit(note.trim()).then(({ ok, text }) => {
      setSubmitting(false);
      if (ok) setNote('');
      onSubmitted(text, ok);
    });
  }, [submit, note, onSubmitted]);
  const isOnItsWay = useCallback(() => onItsWay, [onItsWay]);
  const refuse = useCallback((text: string) => onSubmitted(text, false), [onSubmitted]);
  // A click right after typing is kept until the texts are saved (useSubmitWhenSaved).
  const kept = useSubmitWhenSaved({
    blocked,
    onItsWay: isOnItsWay,
    failed: table.saveFailed,
    submit: send,
    refuse,
  });
  const noteId = `st-texts-note-${lang}`;
  return (
    <section className="st-texts__submit" aria-labelledby={`st-texts-submit-${lang}`}>
      <h2 id={`st-texts-submit-${lang}`}>{LANGUAGE[lang]} texts</h2>
      <ReviewPanel path={table.path} what={what} changed={table.submitted} />
      <div className="st-texts__submit-row">
        <ReviewNote
          id={noteId}
          label={`Note for the reviewer of ${what} (optional)`}
          value={note}
          onChange={setNote}
        />
        <button
          type="button"
          className="st-button"
          disabled={Boolean(blocked) || done || submitting || kept.waiting}
          aria-describedby={`st-texts-why-${lang}`}
          onClick={() => {
            kept.ask();
            // Saved now rather than after the typist's pause.
            table.saveNow();
          }}
        >
          {submitting || kept.waiting ? 'Submitting…' : `Submit ${LANGUAGE[lang]} texts for review`}
        </button>
      </div>
      <p id={`st-texts-why-${lang}`} className="st-muted">
        {why}
      </p>
      <p className="st-muted" role="status">
        {table.saveNote}
      </p>
    </section>
  );
}

function rowsOf(published: Strings, english: Strings, hindi: Strings): Row[] {
  return Object.keys(published).map((key) => {
    const before = published[key] ?? '';
    const en = english[key] ?? '';
    const hi = hindi[key] ?? '';
    return {
      key,
      published: before,
      en,
      hi,
      enProblem: textProblem(before, en),
      hiProblem: textProblem(en, hi),
    };
  });
}

const matches = (row: Row, query: string) =>
  [row.en, row.hi, row.published].some((text) => text.toLowerCase().includes(query));

export function TextsPage() {
  const en = useTextTable('i18n/en.json');
  const hi = useTextTable('i18n/hi.json');
  const { message, say } = useStatus();
  const [query, setQuery] = useState('');
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [open, setOpen] = useState<ReadonlySet<Place>>(new Set());
  const heading = useRef<HTMLHeadingElement>(null);
  const ready = en.loaded && hi.loaded;
  useEffect(() => {
    if (ready) heading.current?.focus();
  }, [ready]);

  // Each table's setText is stable, so the rows (memoised) keep one onChange.
  const { setText: setEnglish } = en;
  const { setText: setHindi } = hi;
  const onChange = useCallback(
    (lang: Lang, key: string, text: string) => (lang === 'en' ? setEnglish : setHindi)(key, text),
    [setEnglish, setHindi],
  );

  const [inCard, setInCard] = useState<Row | null>(null);
  const showInCard = useCallback((row: Row) => setInCard(row), []);
  const rows = useMemo(
    () => rowsOf(en.published, en.strings, hi.strings),
    [en.published, en.strings, hi.strings],
  );
  const q = query.trim().toLowerCase();
  const filtering = Boolean(q) || onlyMissing;
  const shown = rows.filter((r) => (!q || matches(r, q)) && (!onlyMissing || hindiMissing(r.en, r.hi)));
  const capped = filtering ? shown.slice(0, SHOWN_AT_MOST) : shown;
  const byPlace = new Map<Place | 'Elsewhere', Row[]>();
  for (const row of capped) {
    const place = placeOf(row.key);
    byPlace.set(place, [...(byPlace.get(place) ?? []), row]);
  }
  const problemsIn = (lang: Lang) => rows.filter((r) => (lang === 'en' ? r.enProblem : r.hiProblem)).length;
  const missingCount = rows.filter((r) => hindiMissing(r.en, r.hi)).length;

  const loadError = en.loadError || hi.loadError;
  if (loadError)
    return (
      <main id="main" className="st-main" tabIndex={-1}>
        <p role="alert">{loadError}</p>
        <Link to="/">Back to all pages</Link>
      </main>
    );
  if (!ready)
    return (
      <main id="main" className="st-main" tabIndex={-1}>
        <p role="status">Opening the texts…</p>
      </main>
    );
  return (
    <main id="main" className="st-main st-texts" tabIndex={-1}>
      <Link to="/">All pages</Link>
      <h1 ref={heading} tabIndex={-1}>
        Texts students read
      </h1>
      <p className="st-lead">
        The buttons, headings and messages of the registration card, login, dashboard and result page, in
        English and Hindi, grouped by where students read them. A change is saved as a draft and goes live
        once it is reviewed and published.
      </p>
      <StatusBar message={message} />
      <div className="st-texts__submits">
        {(['en', 'hi'] as const).map((lang) => (
          <SubmitLine
            key={lang}
            lang={lang}
            table={lang === 'en' ? en : hi}
            problems={problemsIn(lang)}
            onSubmitted={(text, ok) => {
              say(text, { kind: ok ? 'info' : 'error' });
              // The Submit button is disabled now: the focus goes to the news, not to the page's body.
              if (ok) requestAnimationFrame(() => document.getElementById('st-news')?.focus());
            }}
          />
        ))}
      </div>
      <div className="st-texts__filters" role="search">
        <div className="st-field">
          <label htmlFor="st-texts-search">Search the texts (English or Hindi)</label>
          <input
            id="st-texts-search"
            type="search"
            className="st-search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
        <label className="st-check">
          <input
            type="checkbox"
            checked={onlyMissing}
            onChange={(event) => setOnlyMissing(event.target.checked)}
          />
          Only texts whose Hindi is missing or still in English ({missingCount})
        </label>
      </div>
      <p className="st-muted" role="status">
        {filtering
          ? shown.length === 0
            ? 'No text matches.'
            : shown.length > capped.length
              ? `Showing the first ${capped.length} of ${shown.length} texts that match: add words to narrow the search.`
              : `${shown.length} ${shown.length === 1 ? 'text matches' : 'texts match'}.`
          : ''}
      </p>
      {[...PLACES, 'Elsewhere' as const].map((place) => {
        const list = byPlace.get(place);
        if (!list) return null;
        const isOpen = filtering || open.has(place as Place);
        const missing = list.filter((r) => hindiMissing(r.en, r.hi)).length;
        return (
          <details
            key={place}
            className="st-texts__place"
            open={isOpen}
            onToggle={(event) => {
              const now = event.currentTarget.open;
              if (filtering || now === open.has(place as Place)) return;
              setOpen((last) => {
                const next = new Set(last);
                if (now) next.add(place as Place);
                else next.delete(place as Place);
                return next;
              });
            }}
          >
            <summary>
              <h2>{place}</h2>
              <span className="st-muted">
                {list.length} {list.length === 1 ? 'text' : 'texts'}
                {missing > 0 ? ` · Hindi missing or still in English: ${missing}` : ''}
              </span>
            </summary>
            {isOpen &&
              list.map((row) => (
                <TextRow key={row.key} row={row} onChange={onChange} onShowInCard={showInCard} />
              ))}
          </details>
        );
      })}
      {inCard && (
        <Suspense fallback={<p role="status">Loading the registration card…</p>}>
          <TextInCard
            textKey={inCard.key}
            english={inCard.published}
            lang="en"
            strings={{ en: en.strings, hi: hi.strings }}
            onClose={() => setInCard(null)}
          />
        </Suspense>
      )}
    </main>
  );
}
