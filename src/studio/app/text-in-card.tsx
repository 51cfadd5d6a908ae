// "See it in the card" on the Texts screen: the registration card of a page in that language, drawn
// with the texts as they are being edited (drafts included), at the screen where the text shows.
// Loaded only when asked: the card and its machines are most of its code.
import { useEffect, useId, useState } from 'react';
import type { UiStringTable } from '../../generated/config/i18n';
import { Modal } from '../../ui/modal/modal';
import { cardStepOf } from '../model/text-places';
import { CardStatePreviewForDraft } from './card-state-preview';
import type { Json, JsonObject } from './studio-api';
import { useStudioApi } from './studio-form-context';

type Lang = 'en' | 'hi';
const LANGUAGE: Record<Lang, string> = { en: 'English', hi: 'Hindi' };

const hasCard = (content: Json | undefined) =>
  Array.isArray((content as JsonObject | undefined)?.blocks) &&
  ((content as JsonObject).blocks as JsonObject[]).some((b) => b.type === 'registration-card');

interface CardPage {
  path: string;
  title: string;
  content: Json;
}

/** The pages in `lang` with a registration card, by title (or why there are none). */
function usePagesWithCard(lang: Lang): CardPage[] | string | null {
  const api = useStudioApi();
  const [found, setFound] = useState<{ lang: Lang; pages: CardPage[] | string }>();
  useEffect(() => {
    let live = true;
    (async () => {
      const { landings } = await api.listFiles();
      const pages: CardPage[] = [];
      for (const landing of landings.filter((l) => l.locale === lang && l.published !== null)) {
        const file = await api.getFile(landing.path);
        if (file && hasCard(file.content))
          pages.push({ path: landing.path, title: landing.title, content: file.content });
      }
      return pages.length > 0
        ? pages.sort((a, b) => a.title.localeCompare(b.title))
        : `No ${LANGUAGE[lang]} page has a registration card.`;
    })().then(
      (pages) => live && setFound({ lang, pages }),
      (error: Error) => live && setFound({ lang, pages: `The card could not be loaded: ${error.message}` }),
    );
    return () => void (live = false);
  }, [api, lang]);
  // While another language's pages load, nothing is shown of the last one.
  return found?.lang === lang ? found.pages : null;
}

export function TextInCard({
  textKey,
  english,
  lang: first,
  strings,
  onClose,
}: {
  textKey: string;
  /** The text as students read it now, naming it. */
  english: string;
  lang: Lang;
  strings: Record<Lang, Record<string, string>>;
  onClose(): void;
}) {
  const api = useStudioApi();
  const [lang, setLang] = useState<Lang>(first);
  const pages = usePagesWithCard(lang);
  const [chosen, setChosen] = useState('');
  const page =
    typeof pages === 'string' || pages === null ? pages : (pages.find((p) => p.path === chosen) ?? pages[0]);
  const name = useId();
  const pageSelect = useId();
  const step = cardStepOf(textKey);
  return (
    <Modal heading={`“${english}” in the registration card`} closeLabel="Close" onClose={onClose}>
      <div className="st-text-card">
        <fieldset className="st-fieldset st-text-card__lang">
          <legend>Language of the card</legend>
          {(['en', 'hi'] as const).map((l) => (
            <label key={l} className="st-check">
              <input type="radio" name={name} checked={lang === l} onChange={() => setLang(l)} />
              {LANGUAGE[l]}
            </label>
          ))}
        </fieldset>
        {typeof page === 'string' ? (
          <p role="alert">{page}</p>
        ) : !page || !Array.isArray(pages) ? (
          <p role="status">Loading the registration card…</p>
        ) : (
          <>
            <div className="st-field">
              <label htmlFor={pageSelect}>Page</label>
              <select id={pageSelect} value={page.path} onChange={(event) => setChosen(event.target.value)}>
                {pages.map((p) => (
                  <option key={p.path} value={p.path}>
                    {p.title}
                  </option>
                ))}
              </select>
            </div>
            <p className="st-muted">
              With the texts as you have them now, changes not yet published included. Choose another state of
              the card in the list.
            </p>
            <CardStatePreviewForDraft
              api={api}
              content={page.content}
              width={360}
              strings={strings[lang] as unknown as UiStringTable}
              {...(step ? { step } : {})}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
