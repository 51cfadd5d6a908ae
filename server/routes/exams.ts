// The student dashboard, profile, edit-exam, test launch and result calls (part 1 §7, part 2 §7),
// and the sandbox test player when the sandbox is on.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DashboardReply } from '../../src/generated/api/dashboard';
import type { ExamEditDatesBody, ExamEditDatesReply } from '../../src/generated/api/exam-edit-dates';
import type { ExamEditInfoBody, ExamEditInfoReply } from '../../src/generated/api/exam-edit-info';
import type { ExamLaunchBody, ExamLaunchReply } from '../../src/generated/api/exam-launch';
import type { MockJeeExamLinkBody, MockJeeExamLinkReply } from '../../src/generated/api/exam-launch-mock-jee';
import type {
  SandboxMockJeeExamLinkBody,
  SandboxMockJeeExamLinkReply,
} from '../../src/generated/api/sandbox-mock-jee-exam-link';
import type { ExamStartBody, ExamStartReply } from '../../src/generated/api/exam-launch-start';
import type { TestPlatformTokenReply } from '../../src/generated/api/exam-launch-token';
import type { ProfileReply } from '../../src/generated/api/profile';
import type { ProfileUpdateBody, ProfileUpdateReply } from '../../src/generated/api/profile-update';
import type { ResultBody, ResultReply } from '../../src/generated/api/result';
import type { StudentResultQuery, StudentResultReply } from '../../src/generated/api/result-student';
import { ApiError } from '../api/errors';
import { apiSchema } from '../api/schemas';
import {
  answersVersionOf,
  bearerToken,
  registeredStudentByRoll,
  requireStudent,
  studentOf,
} from '../auth/sessions';
import { checkRollAndDob } from '../auth/credentials';
import { iso } from '../timestamps';
import { registerTestPlayerRoutes } from '../sandbox/test-player';
import type { Student } from '../context';
import { keptAnswer, type AnswerKind } from '../services/dashboard/answer-cache';
import { buildDashboard } from '../services/dashboard/build';
import { buildProfile, updateProfile } from '../services/dashboard/profile';
import { onOrderPaid } from '../payments/orders';
import { applyPaidExamEdit, examDates, updateExamInfo } from '../services/exams/edit';
import { maybeProgramme } from '../services/exams/programme';
import {
  assertPlayerUp,
  examUrl,
  launch,
  launchPayload,
  notStartable,
  startAttempt,
} from '../services/exams/launch';
import { requestExamLink, SANDBOX_EXAM_LINK_PATH, tenantHeadersMatch } from './exams/mock-jee-link';
import { resultData, resultSummary, sittingForResult } from '../services/results/results';
import {
  currentSeriesSitting,
  findSitting,
  loadExamContext,
  unchangedUntil,
  type ExamContext,
} from '../services/exams/sittings';
import { localeOf, message, say } from '../api/messages';
import { issuePlatformToken, platformStudent } from '../services/exams/platform-tokens';

/** The answer of a launch: where the test or the result opens. */
const launchReply = <T extends { exam_url?: string }>(request: FastifyRequest, data: T) =>
  ({
    success: 'true',
    msg: say(request, data.exam_url ? 'test.ready' : 'test.resultReady'),
    data,
  }) as const;

export function registerExamRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  /** The answer kept for the student while it holds, else computed and kept (answer-cache.ts). */
  const sendKept = async <T extends Record<string, unknown>>(
    request: FastifyRequest,
    reply: FastifyReply,
    kind: AnswerKind,
    answer: (student: Student, ec: ExamContext) => Promise<T>,
  ) => {
    const student = studentOf(request);
    const body = await keptAnswer(ctx, kind, student, answersVersionOf(request), async () => {
      const ec = await loadExamContext(ctx, student);
      const value = await answer(student, ec);
      return { body: reply.serializeInput(value, '200') as string, at: ec.now, until: unchangedUntil(ec) };
    });
    return reply.type('application/json; charset=utf-8').send(body);
  };
  const auth = { preHandler: requireStudent };
  // A paid switch to an offline exam applies the edit it was for, in the confirmation's transaction.
  onOrderPaid(
    ctx,
    'exam',
    async (trx, order) => void (await applyPaidExamEdit(trx, order, ctx.now())),
    'exam-edit',
  );

  app.get<{ Reply: DashboardReply }>(
    '/api/dashboard',
    {
      schema: apiSchema('dashboard', { summary: "The student's dashboard", tags: ['dashboard'], auth: true }),
      ...auth,
    },
    async (request, reply) =>
      sendKept(request, reply, 'dashboard', async (student, ec) => ({
        success: 'true',
        msg: 'Dashboard loaded.',
        data: await buildDashboard(ctx, student, ec),
      })),
  );

  app.get<{ Reply: ProfileReply }>(
    '/api/profile',
    {
      schema: apiSchema('profile', { summary: "The student's profile", tags: ['dashboard'], auth: true }),
      ...auth,
    },
    async (request, reply) =>
      sendKept(request, reply, 'profile', async (student, ec) => ({
        success: 'true',
        msg: 'Profile loaded.',
        data: await buildProfile(ctx, student, ec),
      })),
  );

  app.post<{ Body: ProfileUpdateBody; Reply: ProfileUpdateReply }>(
    '/api/profile',
    {
      schema: apiSchema('profile-update', {
        summary: 'Update city, school board and school',
        tags: ['dashboard'],
        auth: true,
      }),
      ...auth,
    },
    async (request) => {
      const student = studentOf(request);
      if (student.remove_edit_exam_edit_profile === 1)
        throw new ApiError(403, message('profile.editNotAllowed'));
      await updateProfile(ctx, student, request.body);
      return { success: 'true', msg: say(request, 'editExam.profileSaved') };
    },
  );

  app.post<{ Body: ExamEditDatesBody; Reply: ExamEditDatesReply }>(
    '/api/exam-dates',
    {
      schema: apiSchema('exam-edit-dates', {
        summary: 'Dates the exam can be moved to (edit exam)',
        tags: ['dashboard'],
        auth: true,
      }),
      ...auth,
    },
    async (request) => ({
      success: 'true',
      msg: 'Exam dates loaded.',
      data: await examDates(ctx, studentOf(request), request.body),
    }),
  );

  app.post<{ Body: ExamEditInfoBody; Reply: ExamEditInfoReply }>(
    '/api/exam-info',
    {
      schema: apiSchema('exam-edit-info', {
        summary: "Change the exam's mode, centre and date (edit exam)",
        tags: ['dashboard'],
        auth: true,
      }),
      ...auth,
    },
    async (request) => updateExamInfo(ctx, studentOf(request), request.body, localeOf(request)),
  );

  app.post<{ Body: ExamStartBody; Reply: ExamStartReply }>(
    '/api/exam/start',
    {
      schema: apiSchema('exam-launch-start', {
        summary: 'Start or resume the main exam',
        tags: ['exams'],
        auth: true,
      }),
      ...auth,
    },
    async (request) => {
      const ec = await loadExamContext(ctx, studentOf(request));
      // The main exam, or the current test of a series (the one its main card shows).
      const main = ec.main ?? currentSeriesSitting(ec)?.sitting;
      if (!main || main.paper.code !== request.body.test_short_code)
        throw new ApiError(404, message('test.notYours'));
      if (main.state !== 'open' && main.state !== 'in_progress') throw new ApiError(409, notStartable(main));
      const id = await startAttempt(ctx, ec, main, request.body.source_type);
      return { success: 'true', msg: say(request, 'test.ready'), data: { exam_url: examUrl(id) } };
    },
  );

  app.get<{ Reply: TestPlatformTokenReply }>(
    '/api/test-platform/token',
    {
      schema: apiSchema('exam-launch-token', {
        summary: 'A short-lived token for the test platform calls',
        tags: ['exams'],
        auth: true,
      }),
      ...auth,
    },
    async (request) => {
      const { token, expiresAt } = await issuePlatformToken(ctx, studentOf(request).id);
      return { success: 'true', msg: 'Token issued.', data: token, expires_at: iso(expiresAt) };
    },
  );

  const studentResult =
    (iat: boolean) => async (request: FastifyRequest<{ Querystring: StudentResultQuery }>) => {
      const student = await platformStudent(ctx, bearerToken(request));
      if (student.roll_number !== request.query.rollNo)
        throw new ApiError(403, 'This token is not valid for this roll number.');
      const call = maybeProgramme(ctx.site, student.exam_type)?.dashboard.resultCall ?? 'main';
      if (iat !== (call === 'iat'))
        throw new ApiError(
          404,
          iat
            ? 'There is no IAT result for this roll number.'
            : 'Use the IAT result call for this roll number.',
        );
      const data = resultSummary(await loadExamContext(ctx, student));
      return {
        success: 'true' as const,
        msg: data ? 'Result found.' : say(request, 'result.soon'),
        data,
      };
    };
  for (const [url, iat] of [
    ['/api/student-result', false],
    ['/api/student-result/iat', true],
  ] as const) {
    app.get<{ Querystring: StudentResultQuery; Reply: StudentResultReply }>(
      url,
      {
        schema: apiSchema('result-student', {
          summary: iat ? "An IAT student's result summary" : "The student's result summary",
          tags: ['results'],
          auth: true,
        }),
      },
      studentResult(iat),
    );
  }

  app.post<{ Body: ExamLaunchBody; Reply: ExamLaunchReply }>(
    '/api/test-launch',
    {
      schema: apiSchema('exam-launch', {
        summary: 'Open a test (Begin Test) or its result (View Result)',
        tags: ['exams'],
        auth: true,
      }),
      ...auth,
    },
    async (request) => {
      const { exam_short_code: code, external_schedule_id: scheduleId } = request.body;
      const ec = await loadExamContext(ctx, studentOf(request));
      // The card is looked up among this student's own sittings: another student's card is unknown.
      const sitting = findSitting(ec, code, scheduleId);
      if (!sitting) throw new ApiError(404, message('test.notOnDashboard'));
      const { event_type: event } = launchPayload(ec, sitting);
      return launchReply(request, await launch(ctx, ec, sitting, event, 'test_launch'));
    },
  );

  // A JEE mock paper: the student's own series paper, opened through the test platform's
  // exam-link call with the tenant headers, which this server adds (mock-jee-link.ts).
  app.post<{ Body: MockJeeExamLinkBody; Reply: MockJeeExamLinkReply }>(
    '/api/mock-jee/exam-link',
    {
      schema: apiSchema('exam-launch-mock-jee', {
        summary: 'Open a JEE mock paper or its result (through the exam-link call)',
        tags: ['exams'],
        auth: true,
      }),
      ...auth,
    },
    async (request) => {
      const student = studentOf(request);
      const ec = await loadExamContext(ctx, student);
      const sitting = findSitting(ec, request.body.exam_short_code, request.body.external_schedule_id);
      if (!sitting || sitting.kind !== 'series') throw new ApiError(404, message('test.mockNotYours'));
      const answer = await requestExamLink(
        app,
        { user_id: student.roll_number, ...request.body },
        request.headers['accept-language'],
      );
      return { success: 'true', ...answer };
    },
  );

  if (ctx.config.sandbox)
    // The sandbox test player as the platform's exam-link call: it answers only this server's
    // tenant headers, for the student the tenant names.
    app.post<{ Body: SandboxMockJeeExamLinkBody; Reply: SandboxMockJeeExamLinkReply }>(
      SANDBOX_EXAM_LINK_PATH,
      {
        schema: apiSchema('sandbox-mock-jee-exam-link', {
          summary: "The sandbox test platform's JEE mock exam-link call (tenant headers)",
          tags: ['sandbox'],
        }),
      },
      async (request) => {
        if (!tenantHeadersMatch(ctx, request)) throw new ApiError(401, 'Unknown tenant.');
        const { user_id: roll, exam_short_code: code, external_schedule_id: scheduleId } = request.body;
        const student = await registeredStudentByRoll(ctx, roll);
        if (!student) throw new ApiError(404, message('test.mockNotYours'));
        const ec = await loadExamContext(ctx, student);
        const sitting = findSitting(ec, code, scheduleId);
        if (!sitting || sitting.kind !== 'series') throw new ApiError(404, message('test.mockNotYours'));
        const event = launchPayload(ec, sitting).event_type;
        if (event === 'exam') assertPlayerUp(ctx, ec);
        return launchReply(request, await launch(ctx, ec, sitting, event, 'mock_jee'));
      },
    );

  app.post<{ Body: ResultBody; Reply: ResultReply }>(
    '/api/result',
    {
      schema: apiSchema('result', {
        summary: 'The result page (roll number and date of birth)',
        tags: ['results'],
      }),
    },
    async (request) => {
      const { roll_number: roll, dob, exam_short_code, external_schedule_id } = request.body;
      const { student } = await checkRollAndDob(
        ctx,
        request,
        { roll, dob },
        { tooMany: 'result.tooMany', noMatch: 'result.noMatch' },
      );
      const ec = await loadExamContext(ctx, student);
      const sitting = sittingForResult(ec, exam_short_code, external_schedule_id);
      if (!sitting || (!sitting.result && sitting.state !== 'awaited'))
        throw new ApiError(404, message('result.notFound'));
      const data = await resultData(ctx, ec, sitting);
      return {
        success: 'true',
        msg: data.result_page_status ? 'Result found.' : say(request, 'result.soon'),
        data,
      };
    },
  );

  if (ctx.config.sandbox) registerTestPlayerRoutes(app);
}
