// Test-platform tokens: short-lived proof, handed to the test platform, of which student a paper or
// a result is for (server/routes/exams.ts issues and reads them on the launch calls).
import { ApiError } from '../../api/errors';
import { hashToken, newToken } from '../../auth/tokens';
import type { AppContext, Student } from '../../context';
import type { Db } from '../../db/database';
import { addMs, iso } from '../../timestamps';

/** Test-platform tokens live this long: enough to fetch the result or open a paper. */
export const PLATFORM_TOKEN_MS = 15 * 60_000;

export async function issuePlatformToken(
  ctx: AppContext,
  studentId: string,
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const now = ctx.now();
  const expiresAt = addMs(now, PLATFORM_TOKEN_MS);
  await ctx.db
    .insertInto('test_platform_tokens')
    .values({
      token_hash: hashToken(token),
      student_id: studentId,
      created_at: iso(now),
      expires_at: iso(expiresAt),
    })
    .execute();
  return { token, expiresAt };
}

/** The student a test-platform token was issued to, or a 401. */
export async function platformStudent(ctx: AppContext, token: string | undefined): Promise<Student> {
  const row = token
    ? await ctx.db
        .selectFrom('test_platform_tokens')
        .innerJoin('students', 'students.id', 'test_platform_tokens.student_id')
        .selectAll('students')
        .select('test_platform_tokens.expires_at as token_expires_at')
        .where('test_platform_tokens.token_hash', '=', hashToken(token))
        .executeTakeFirst()
    : undefined;
  if (!row || new Date(row.token_expires_at) <= ctx.now())
    throw new ApiError(401, 'The test platform token is missing or has expired.');
  const { token_expires_at: _e, ...student } = row;
  return student;
}

/** Ends every unexpired test-platform token of the student now, in the caller's transaction. */
export async function expirePlatformTokens(db: Db, studentId: string, now: Date): Promise<void> {
  await db
    .updateTable('test_platform_tokens')
    .set({ expires_at: iso(now) })
    .where('student_id', '=', studentId)
    .where('expires_at', '>', iso(now))
    .execute();
}
