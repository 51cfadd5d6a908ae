// Block type (programme config) → component. The MOCK-JEE series blocks load only on a dashboard
// whose config shows them (the other programmes' dashboards never download them).
import type { DashboardBlock } from '../../generated/config/programme';
import type { RegisteredBlock } from './portal-context';
import { lazy } from 'react';
import { FomoBanner, GuidedJourney, RefreshCard, StepsTracker, TestplayerDown } from './blocks/banners';
import { Branches, TeamContact } from './blocks/branches';
import { CourseSection } from './blocks/course-section';
import { MainExamCard } from './blocks/main-exam-card';
import { ResultBanner } from './blocks/result-banner';
import { SamplePapers } from './blocks/sample-papers';
import { VideoBanner } from './blocks/video';

const LiveTest = lazy(() => import('./blocks/live-test').then((m) => ({ default: m.LiveTest })));
const TestSeries = lazy(() => import('./blocks/test-series').then((m) => ({ default: m.TestSeries })));
const SeriesCalendar = lazy(() =>
  import('./blocks/series-calendar').then((m) => ({ default: m.SeriesCalendar })),
);
// The FAQ is the last block, below the fold: it loads when needed, not with the dashboard
// (decision 011). Its answers are HTML from the validated config: no sanitiser comes with it.
const DashboardFaq = lazy(() => import('./blocks/faq').then((m) => ({ default: m.DashboardFaq })));
const BookmarkPrompt = lazy(() =>
  import('./blocks/bookmark-prompt').then((m) => ({ default: m.BookmarkPrompt })),
);

export const BLOCKS: Partial<Record<DashboardBlock['type'], RegisteredBlock>> = {
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
  teamContact: TeamContact,
};
