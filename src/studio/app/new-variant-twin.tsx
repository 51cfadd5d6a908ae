// "New variant from…": the source page's Hindi page (a page that names it as the page it
// translates), and the list of copied texts that still name the page they were copied from.
import { useEffect, useState } from 'react';
import type { LeftoverText } from '../../engine/content/leftover-texts';
import type { LandingSummary, StudioApi } from './studio-api';

/** The Hindi page of `source`, once found among the pages of its programme in another language. */
export function useTwinOf(
  api: StudioApi,
  source: LandingSummary,
  landings: LandingSummary[],
): LandingSummary | undefined {
  const [twin, setTwin] = useState<LandingSummary>();
  useEffect(() => {
    let live = true;
    const candidates = landings.filter(
      (l) => l.programme === source.programme && l.locale !== source.locale && l.locale === 'hi',
    );
    void (async () => {
      for (const candidate of candidates) {
        const loaded = await api.getFile(candidate.path).catch(() => null);
        const content = loaded?.content;
        const translates =
          typeof content === 'object' && content !== null && !Array.isArray(content)
            ? content.translationOf
            : null;
        if (translates === source.path) {
          if (live) setTwin(candidate);
          return;
        }
      }
    })();
    return () => void (live = false);
  }, [api, source, landings]);
  return twin;
}

export function LeftoverList({
  heading,
  left,
  source,
}: {
  heading: string;
  left: LeftoverText[];
  source: string;
}) {
  return (
    <section className="st-leftovers" aria-label={heading}>
      <h4 className="st-leftovers__heading">{heading}</h4>
      {left.length === 0 ? (
        <p className="st-note">No copied text names “{source}” any more.</p>
      ) : (
        <>
          <p className="st-note">
            {left.length === 1
              ? 'This copied text still names'
              : `These ${left.length} copied texts still name`}{' '}
            “{source}”: change {left.length === 1 ? 'it' : 'them'} for the new page.
          </p>
          <ul className="st-leftovers__list">
            {left.map((t) => (
              <li key={t.pointer}>
                <strong>{t.label}</strong>:{' '}
                <q>{t.value.length > 120 ? `${t.value.slice(0, 120)}…` : t.value}</q>{' '}
                <span className="st-help">(says “{t.phrase}”)</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
