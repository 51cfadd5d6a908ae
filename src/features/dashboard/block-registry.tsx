// Block type (programme config) → component.
import type { DashboardBlock } from '../../generated/config/programme';
import type { DashboardBlockComponent } from './portal-context';
import { BookmarkPrompt } from './blocks/bookmark-prompt';
import { LiveTest } from './blocks/live-test';
import { SeriesCalendar } from './blocks/series-calendar';
import { TestSeries } from './blocks/test-series';

export const BLOCKS: Partial<Record<DashboardBlock['type'], DashboardBlockComponent>> = {
  liveTest: LiveTest,
  testSeries: TestSeries,
  seriesCalendar: SeriesCalendar,
  bookmarkPrompt: BookmarkPrompt,
};
