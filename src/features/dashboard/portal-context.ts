// What every dashboard block is given: the dashboard answer, the facts its conditions were decided
// on, the programme's dashboard config, the strings, the clock, the other reads the app makes for
// the blocks (courses, result, branches) and the actions the app wires. Blocks fetch nothing.
import type { LazyExoticComponent, ReactElement } from 'react';
import type { Branch } from '../../generated/api/branch-list';
import type { CourseListReply } from '../../generated/api/course-list';
import type { DashboardData, ExamData } from '../../generated/api/dashboard';
import type { StudentResultSummary } from '../../generated/api/result-student';
import type { DashboardBlock, Programme } from '../../generated/config/programme';
import type { Site } from '../../generated/config/site';
import type { Translate } from '../../engine/i18n';
import type { DashboardFacts } from './dashboard-facts';
import type { Message } from '../../machines/message';
import type { TestLaunchMessageKey } from '../../machines/test-launch-machine';

/** The parts of the config the logged-in app needs (its island props). */
export interface PortalConfig {
  programme: Pick<
    Programme,
    | 'id'
    | 'examType'
    | 'name'
    | 'shortName'
    | 'dashboard'
    | 'support'
    | 'analytics'
    | 'schedule'
    | 'windows'
    | 'mode'
    | 'fee'
    | 'scholarship'
  >;
  site: Pick<Site, 'support' | 'admissionsFaq' | 'brand'>;
  /** The sample pack's price and payment methods (site.commerce.samplePackProgramme). */
  samplePack: Pick<Programme, 'fee' | 'payment'>;
  loginPath: string;
  /** The pages' locale (site.defaultLocale): how dates and times are said. */
  locale: string;
}

export interface PortalActions {
  /** Start Now / Resume on the main exam card. */
  startMainExam(): void;
  /** Begin Test or View Result of a sample, mock or series paper: what it does is exam.state. */
  launchPaper(exam: ExamData): void;
  openEditExam(): void;
  /** The mock pack's payment method chosen (kept for the tab: a failed payment comes back with it). */
  chooseMockPackMethod(paymentMethod: string): void;
  buyMockPack(): void;
  refreshDashboard(): void;
  refreshProfile(): void;
  /** View Course / Register Now: the course description or the checkout (decision 012). */
  openCourse(productId: string, view: 'description' | 'checkout'): void;
  scrollToCourses(): void;
  downloadProspectus(): void;
}

export interface LaunchState {
  busy: boolean;
  /** The short code being launched, to show the spinner on its button. */
  code: string | null;
  /** A launch whose new tab the browser blocked: the link to open by hand. */
  blockedUrl: string | null;
  /** The last launch failed: what to say beside its button (the machine's message). */
  error?: Message<TestLaunchMessageKey> | null;
}

export interface PortalContext {
  data: DashboardData;
  facts: DashboardFacts;
  config: PortalConfig;
  t: Translate;
  now: Date;
  courses: CourseListReply | null;
  coursesLoading: boolean;
  result: StudentResultSummary | null;
  resultLoading: boolean;
  /** The student's branch's centres for the branches block; null while they load or when they failed. */
  branches: Branch[] | null;
  branchesLoading: boolean;
  launch: LaunchState;
  /**
   * The Edit exam button: hidden (after the exam, or hidden by the profile), disabled or enabled;
   * pending (shown, not yet pressable) while the profile that decides it loads.
   */
  editExam: 'hidden' | 'pending' | 'disabled' | 'enabled';
  /** Paying for the sample pack is under way. */
  mockPaymentBusy: boolean;
  /** The sample pack's payment method chosen. */
  mockPackMethod: string;
  actions: PortalActions;
}

export interface DashboardBlockProps {
  block: DashboardBlock;
  context: PortalContext;
}

export type DashboardBlockComponent = (props: DashboardBlockProps) => ReactElement | null;

/** A block as the registry holds it: its component, or one that loads when first shown. */
export type RegisteredBlock = DashboardBlockComponent | LazyExoticComponent<DashboardBlockComponent>;
