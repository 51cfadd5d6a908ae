// Block type (programme config) → component.
import type { DashboardBlock } from '../../generated/config/programme';
import type { DashboardBlockComponent } from './portal-context';
import { BookmarkPrompt } from './blocks/bookmark-prompt';
import { LiveTest } from './blocks/live-test';
import { SeriesCalendar } from './blocks/series-calendar';
import { TestSeries } from './blocks/test-series';
import { FomoBanner, GuidedJourney, RefreshCard, StepsTracker, TestplayerDown } from './blocks/banners';
import { Branches } from './blocks/branches';
import { CourseSection } from './blocks/course-section';
import { DashboardFaq } from './blocks/faq';
import { MainExamCard } from './blocks/main-exam-card';
import { ResultBanner } from './blocks/result-banner';
import { SamplePapers } from './blocks/sample-papers';
import { VideoBanner } from './blocks/video';

export const BLOCKS: Partial<Record<DashboardBlock['type'], DashboardBlockComponent>> = {
  stepsTracker: StepsTracker,
  fomoBanner: FomoBanner,
  resultBanner: ResultBanner,
  mainExamCard: MainExamCard,
  testplayerDown: TestplayerDown,
  refreshCard: RefreshCard,
  guidedJourney: GuidedJourney,
  samplePapers: SamplePapers,
  courseSection: CourseSection,
  branches: Branches,
  video: VideoBanner,
  faq: DashboardFaq,
  liveTest: LiveTest,
  testSeries: TestSeries,
  seriesCalendar: SeriesCalendar,
  bookmarkPrompt: BookmarkPrompt,
};
