// Result answers shaped as POST /api/result sends them (server/routes/result.test.ts pins the
// server's side): a scholarship, none, and analysis closed.
import type { ResultData, ResultReply } from '../../generated/api/result';

export const resultData = (over: Partial<ResultData> = {}): ResultData => ({
  result_page_status: true,
  analysis_tab_status: true,
  result_message:
    '<p>Congratulations! You have qualified for a <strong>60% scholarship</strong> in iACST.</p>',
  rank_to_check_in_template: '2',
  branch_contact_info: { phone_no: '011-4762-3456' },
  test_name: 'iACST',
  score_th: ['Subject', 'Questions', 'Attempted', 'Correct', 'Wrong', 'Marks', 'Max. marks', 'Percentile'],
  score: [
    ['Physics', '5', '5', '4', '1', '15', '20', '75.0'],
    ['Chemistry', '5', '5', '3', '2', '10', '20', '66.7'],
    ['Biology', '5', '5', '4', '1', '15', '20', '100.0'],
    ['Total', '15', '15', '11', '4', '40', '60', '66.7'],
  ],
  subject_labels: ['Physics', 'Chemistry', 'Biology'],
  score_data_sets: [
    { label: 'Your score (%)', data: [75, 50, 75] },
    { label: 'Highest score (%)', data: [100, 75.04, 75] },
    { label: 'Percentile', data: [75, 66.66666, 100] },
  ],
  rpa_th: ['Subject', 'Your marks', 'Highest marks', 'Percentile', 'Accuracy'],
  rpa: [
    ['Physics', '15=Your marks', '20=Highest marks', '75.0=Percentile', '80.0%=Accuracy'],
    ['Chemistry', '10=Your marks', '15=Highest marks', '66.7=Percentile', '60.0%'],
  ],
  rollno: '250000000005',
  PSID: 'PS00000005',
  Name: 'Rohan Gupta',
  Fname: 'Sanjay Gupta',
  stream: 'Medical',
  ClassOpted: '12',
  ClassStudying: '12',
  OverallScorePercentage: '66.7',
  Status: 'Qualified',
  qualified: true,
  ScholarshipPercentage: '60',
  PreparationLevelText: 'Good: strengthen your weaker subjects to move up.',
  ...over,
});

export const reply = (data: ResultData): ResultReply => ({ success: 'true', msg: 'Result found.', data });
