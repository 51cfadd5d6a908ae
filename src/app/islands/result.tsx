// The /iacst-result page (part 1 §2: no guard): the result view mounted on its prerendered shell,
// without the logged-in app. The same view and call as the app's result route (../result-host).
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { SWRConfig } from 'swr';
import { createTranslator } from '../../engine/i18n';
import type { ResultConfig } from '../../features/result/result-model';
import type { UiStringTable } from '../../generated/config/i18n';
import '../../features/result/result.css';
import { ResultHost } from '../result-host';

export interface ResultIslandProps {
  config: ResultConfig;
  /** The strings the result view uses (its keys only). */
  strings: Partial<UiStringTable>;
}

export function mount(element: HTMLElement): void {
  const props = JSON.parse(element.dataset.islandProps ?? '{}') as ResultIslandProps;
  const t = createTranslator(props.strings as UiStringTable);
  const data = new URLSearchParams(window.location.search).get('data');
  const root = createRoot(element);
  startTransition(() =>
    root.render(
      <SWRConfig value={{ revalidateOnFocus: false }}>
        <ResultHost data={data} config={props.config} t={t} />
      </SWRConfig>,
    ),
  );
}
