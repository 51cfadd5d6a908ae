// Before a publish (the Inbox): a landing page whose Hindi page has texts missing or stale (its
// own, or its English page's changes left to translate) says so. A warning, never a block: a
// page may go live in English first and be translated after (decision 054).
import { useEffect, useState } from 'react';
import { textsToTranslate } from '../../engine/content/translation-basis';
import type { Landing } from '../../generated/config/landing';
import { useStudioApi } from './studio-form-context';
import type { StudioApi } from './studio-api';

/** The Hindi page that translates `path` (or `path` itself when it is one), and its texts to translate. */
async function textsLeft(api: StudioApi, path: string): Promise<number> {
  let hindi = path;
  let state = await api.translations(path);
  if (!state) {
    const { landings } = await api.listFiles();
    const me = landings.find((l) => l.path === path);
    for (const candidate of landings.filter((l) => l.locale === 'hi' && l.programme === me?.programme)) {
      const answer = await api.translations(candidate.path);
      if (answer?.english?.path === path) {
        hindi = candidate.path;
        state = answer;
        break;
      }
    }
  }
  const page = state?.english ? await api.getFile(hindi) : null;
  if (!state?.english || !page) return 0;
  return textsToTranslate(
    state.english.content as unknown as Landing,
    page.content as unknown as Landing,
    state.basis,
  ).length;
}

export function TranslationWarning({ path }: { path: string }) {
  const api = useStudioApi();
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!path.startsWith('landings/')) return;
    let live = true;
    textsLeft(api, path).then(
      (n) => live && setLeft(n),
      () => undefined,
    );
    return () => void (live = false);
  }, [api, path]);
  if (left === 0) return null;
  return (
    <p className="st-note st-note--warn" role="note">
      The Hindi page has {left} {left === 1 ? 'text' : 'texts'} missing or out of date (the English changed
      since {left === 1 ? 'it was' : 'they were'} translated). You may publish anyway; students reading Hindi
      see the older or English text until it is translated.
    </p>
  );
}
