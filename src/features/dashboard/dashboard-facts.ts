// What the programme's block conditions are decided on (schemas/config/programme.schema.json
// dashboardCondition), read from the dashboard answer once, so no component compares exam types or
// branch codes.
import { INDIA_OFFSET_MS, indiaDate } from '../../domain/dates';
import type { DashboardData } from '../../generated/api/dashboard';
import type { DashboardBlock, DashboardCondition } from '../../generated/config/programme';

export type DashboardFacts = Required<DashboardCondition>;

/** A series test is live when it is ongoing, or dated today with a paper already started. */
export function liveSeries(
  data: DashboardData,
  now: Date,
): DashboardData['mock_jee_series'][number] | undefined {
  const today = indiaDate(now);
  return data.mock_jee_series.find(
    (series) =>
      series.status === 'Ongoing' ||
      (series.exam_date === today &&
        series.papers.some((paper) => Date.parse(paper.start_time) <= now.getTime())),
  );
}

export function dashboardFacts(data: DashboardData, now: Date): DashboardFacts {
  const main = data.main_exam[0];
  return {
    afterExam: main?.view_report === 1,
    examTaken: data.exam_taken,
    digitalOnly: data.digital_only,
    coursePurchased: data.course_flags.course_purchased !== 0,
    hasScholarship: Number(data.scholarship_percentage) > 0,
    mockPurchased: data.static_data.mock_purchased,
    hasMockExams: data.mock_exam.length > 0,
    testplayerDown: data.static_data.testplayer_down,
    // Reading (decision 009): "has present or result_expected_date" is read as the main exam being
    // there with its details; present (attempted) alone would leave an upcoming student with no card.
    hasExamInfo:
      main !== undefined && (main.exam_date !== '' || main.present === 1 || main.result_expected_date !== ''),
    hasSeries: data.mock_jee_series.length > 0,
    liveTest: liveSeries(data, now) !== undefined,
  };
}

/** Every fact the condition names has the value it asks for. */
export function holds(condition: DashboardCondition | undefined, facts: DashboardFacts): boolean {
  if (!condition) return true;
  return (Object.entries(condition) as [keyof DashboardFacts, boolean][]).every(
    ([fact, value]) => facts[fact] === value,
  );
}

/** The blocks to show, in config order. */
export const visibleBlocks = (blocks: readonly DashboardBlock[], facts: DashboardFacts): DashboardBlock[] =>
  blocks.filter((block) => holds(block.when, facts));

export { indiaDate };

export type TimeOfDay = 'morning' | 'afternoon' | 'evening';

/** Part 2 §9: morning 5 to 12, afternoon 12 to 17, otherwise evening, in India time. */
export function timeOfDay(now: Date): TimeOfDay {
  const hour = new Date(now.getTime() + INDIA_OFFSET_MS).getUTCHours();
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 17) return 'afternoon';
  return 'evening';
}
