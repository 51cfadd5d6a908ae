// The result page's data and view, shared by the logged-in app's result route and the /iacst-result
// page (no login): the `data` query parameter's pairs go to POST /api/result through swr, and the
// answer's state decides what shows (src/features/result/result-model.ts).
import { useDeferredValue, useEffect, useMemo } from 'react';
import { resultBodyFromQuery, useResult } from '../api/endpoints/result';
import type { Translate } from '../engine/i18n';
import { resultState, type ResultConfig } from '../features/result/result-model';
import { ResultScreen } from '../features/result/result-screen';
import type { BackLink } from '../features/result/result-view';

export interface ResultHostProps {
  /** The page's `data` query parameter (base64 key/value pairs), as given. */
  data: string | null;
  config: ResultConfig;
  t: Translate;
  back?: BackLink;
  /** The tab's title while the result shows (the print title is the candidate's, see the view). */
  title?: string;
}

export function ResultHost({ data, config, t, back, title }: ResultHostProps) {
  const body = useMemo(() => resultBodyFromQuery(data), [data]);
  const read = useResult(body);
  // A link without readable pairs asks the server nothing: the not-ready screen says so at once.
  const state = body ? resultState(read) : resultState(null);
  useEffect(() => {
    if (!title) return;
    const saved = document.title;
    document.title = title;
    return () => {
      document.title = saved;
    };
  }, [title]);
  // The result renders from a deferred copy: React renders it in slices that yield to input, so a
  // slow phone's main thread is never blocked by the whole result at once (as the dashboard does).
  const shown = useDeferredValue(state);
  return <ResultScreen state={shown} config={config} t={t} back={back} />;
}
