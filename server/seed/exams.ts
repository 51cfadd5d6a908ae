// The sandbox test player's papers: which subjects each programme's paper has (the questions
// come from server/sandbox/test-player-bank.ts). Durations follow the programme config at run
// time; the column is what the config says today.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { ExamPapersTable } from '../db/tables/exams';
import type { SeedOptions } from './seed-options';

type PaperSeed = Omit<ExamPapersTable, 'subjects'> & { subjects: string[] };

const PCB = ['Physics', 'Chemistry', 'Biology'];
const PCM = ['Physics', 'Chemistry', 'Mathematics'];
const FOUNDATION = ['Mathematics', 'Science', 'Mental Ability'];

export const PAPERS: PaperSeed[] = [
  {
    code: 'IACST-SOM',
    exam_type: 'iACST',
    stream: 'SOM',
    part: 0,
    title: 'iACST Medical',
    subjects: PCB,
    duration_minutes: 60,
  },
  {
    code: 'IACST-SOE',
    exam_type: 'iACST',
    stream: 'SOE',
    part: 0,
    title: 'iACST Engineering',
    subjects: PCM,
    duration_minutes: 60,
  },
  {
    code: 'IACST-SOF',
    exam_type: 'iACST',
    stream: 'SOF',
    part: 0,
    title: 'iACST Foundation',
    subjects: FOUNDATION,
    duration_minutes: 60,
  },
  {
    code: 'IAT-MAIN',
    exam_type: 'IAT',
    stream: '',
    part: 0,
    title: 'Invictus Admission Test',
    subjects: ['Mental Ability', 'Mathematics', 'Physics', 'Chemistry'],
    duration_minutes: 180,
  },
  {
    code: 'MNEET-MAIN',
    exam_type: 'MOCK-NEET',
    stream: '',
    part: 0,
    title: 'NEET Mock Test',
    subjects: PCB,
    duration_minutes: 200,
  },
  {
    code: 'MJEE-P1',
    exam_type: 'MOCK-JEE',
    stream: '',
    part: 1,
    title: 'Paper 1',
    subjects: PCM,
    duration_minutes: 180,
  },
  {
    code: 'MJEE-P2',
    exam_type: 'MOCK-JEE',
    stream: '',
    part: 2,
    title: 'Paper 2',
    subjects: PCM,
    duration_minutes: 180,
  },
  {
    code: 'NST-SAMPLE',
    exam_type: 'SAMPLE-PACK',
    stream: '',
    part: 0,
    title: 'Free sample paper',
    subjects: FOUNDATION,
    duration_minutes: 60,
  },
  ...[1, 2, 3, 4].map((n) => ({
    code: `NST-MOCK-${n}`,
    exam_type: 'SAMPLE-PACK',
    stream: '',
    part: n,
    title: `Mock test paper ${n}`,
    subjects: FOUNDATION,
    duration_minutes: 60,
  })),
];

/** Seeds the papers; the demo students' attempts and results are seeded with the students. */
export async function seedExams(db: Kysely<Database>, _options: SeedOptions): Promise<void> {
  await db
    .insertInto('exam_papers')
    .values(PAPERS.map((p) => ({ ...p, subjects: JSON.stringify(p.subjects) })))
    .execute();
}
