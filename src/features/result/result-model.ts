// What the result page shows, decided from the result call's answer (part 1 §4 "Result page"):
// loading; an error (the result-not-ready screen); an answer without data, or with a failure message
// (shown as sanitised HTML); result_page_status false ('Your result would be available soon.'); or
// the result. Pure: no React, no DOM.
import type { ResultData, ResultReply } from '../../generated/api/result';
import type { Site } from '../../generated/config/site';

export type ResultState =
  | { status: 'loading' }
  | { status: 'error'; message: string | null }
  | { status: 'failure'; messageHtml: string | null }
  | { status: 'soon'; expectedAt: string | null }
  | { status: 'result'; data: ResultData };

/** The parts of the config the result view needs (its island props, and the portal's). */
export interface ResultConfig {
  programme: { shortName: string; support: { email: string } };
  resultPage?: Site['resultPage'];
}

/**
 * The strings the result view reads: the /iacst-result page's island is sent only these, so every
 * key the view uses starts with this prefix (the dashboard's banner shares result.offlineTest).
 */
export const RESULT_STRING_PREFIX = 'result.';

interface Read {
  data?: ResultReply;
  error?: { message?: string } | null;
  isLoading: boolean;
}

/** A reply that is not shaped as the contract says counts as 'no data' (bad input never crashes). */
export function resultState(read: Read | null): ResultState {
  if (!read) return { status: 'error', message: null };
  if (read.error) return { status: 'error', message: read.error.message?.trim() || null };
  if (read.isLoading || read.data === undefined) return { status: 'loading' };
  const reply = read.data as Partial<ResultReply> | null;
  const data = reply?.data;
  const msg = typeof reply?.msg === 'string' && reply.msg.trim() ? reply.msg : null;
  if (reply?.success !== 'true' || !data || typeof data !== 'object')
    return { status: 'failure', messageHtml: msg };
  if (data.result_page_status !== true)
    return { status: 'soon', expectedAt: data.result_expected_at ?? null };
  return { status: 'result', data };
}

/** A relative-performance cell: 'value=label' (part 1 §3), else the value under the column's header. */
export function splitCell(cell: string, header = ''): { value: string; label: string } {
  const at = cell.indexOf('=');
  if (at < 0) return { value: cell.trim(), label: header };
  return { value: cell.slice(0, at).trim(), label: cell.slice(at + 1).trim() || header };
}

/** One decimal, as the chart shows (part 1 §9). */
export const oneDecimal = (value: number): number =>
  Number.isFinite(value) ? Math.round(value * 10) / 10 : 0;

export interface ChartSeries {
  labels: string[];
  datasets: { label: string; data: number[] }[];
}

/**
 * The column chart's numbers: the subjects, and each data set rounded to 1 decimal, cut or padded
 * to the subjects (a short or long row from the server never shifts a column).
 */
export function chartSeries(data: ResultData): ChartSeries | null {
  const labels = data.subject_labels ?? [];
  const sets = data.score_data_sets ?? [];
  if (!labels.length || !sets.length) return null;
  return {
    labels,
    datasets: sets.map((set) => ({
      label: set.label,
      data: labels.map((_, i) => oneDecimal(Number(set.data[i] ?? 0))),
    })),
  };
}

/** The print document's title: the candidate's name plus PSID (part 1 §2). */
export const printTitle = (data: ResultData): string =>
  [data.Name, data.PSID].filter((part) => part && part.trim()).join(' ');

/** A scholarship to speak of: a percent above 0. */
export const scholarshipPercent = (data: ResultData): string | null => {
  const value = Number(data.ScholarshipPercentage ?? '0');
  return Number.isFinite(value) && value > 0 ? String(value) : null;
};

/** The server's code says so (decision 026); Status is the spec's words for it, only shown. */
export const isQualified = (data: ResultData): boolean => data.qualified === true;
