// Test launches, attempts and results.
export type ExamsTables = Record<never, never>;
