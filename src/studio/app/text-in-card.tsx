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

/** The first page in `lang` with a registration card: its content and title. */
function usePageWithCard(lang: Lang) {
  const api = useStudioApi();
  const [found, setFound] = useState<{ lang: Lang; page: { content: Json; title: string } | string }>();
  useEffect(() => {
    let live = true;
    (async () => {
      const { landings } = await api.listFiles();
      for (const landing of landings.filter((l) => l.locale === lang && l.published !== null)) {
        const file = await api.getFile(landing.path);
        if (file && hasCard(file.content)) return { content: file.content, title: landing.title };
      }
      return `No ${LANGUAGE[lang]} page has a registration card.`;
    })().then(
      (page) => live && setFound({ lang, page }),
      (error: Error) => live && setFound({ lang, page: `The card could not be loaded: ${error.message}` }),
    );
    return () => void (live = false);
  }, [api, lang]);
  // While another language's page loads, nothing is shown of the last one.
  return found?.lang === lang ? found.page : null;
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
  const page = usePageWithCard(lang);
  const name = useId();
  const step = cardStepOf(textKey);
  return (
    <Modal heading={`“${english}” in the registration card`} closeLabel="Close" onClose={onClose}>
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
      ) : page === null ? (
        <p role="status">Loading the registration card…</p>
      ) : (
        <>
          <p className="st-muted">
            The card of the page “{page.title}”, with the texts as you have them now (not yet published ones
            included). Choose another state of the card in the list.
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
    </Modal>
  );
}
