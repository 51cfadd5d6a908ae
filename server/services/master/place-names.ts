// State names and centre labels in the locale the request asks for (the Hindi pages list them in
// Hindi). The Hindi names sit beside the English ones in the same rows; a row without one shows its
// English name. Values (tid, name-code-id) never change with the locale.
import type { Locale } from '../../../src/engine/config-bundle';
import type { CentresTable, StatesTable } from '../../db/tables/master';
import { centreLabel } from './centres';

export const stateNameIn = (s: Pick<StatesTable, 'state_name' | 'state_name_hi'>, locale: Locale): string =>
  (locale === 'hi' ? s.state_name_hi : null) ?? s.state_name;

export const centreLabelIn = (c: Pick<CentresTable, 'name' | 'label_hi'>, locale: Locale): string =>
  (locale === 'hi' ? c.label_hi : null) ?? centreLabel(c.name);

/**
 * Rows in the alphabetical order of the names shown. English keeps its order exactly (the caller's
 * order, already alphabetical); another locale sorts by its own names with that locale's collation,
 * so a Hindi reader finds असम among the अ names. Ties keep the caller's order.
 */
export function inShownOrder<T>(rows: T[], shown: (row: T) => string, locale: Locale): T[] {
  if (locale === 'en') return rows;
  const collator = new Intl.Collator(locale);
  return rows
    .map((row, i) => ({ row, i, name: shown(row) }))
    .sort((a, b) => collator.compare(a.name, b.name) || a.i - b.i)
    .map((x) => x.row);
}
