// The sandbox test player: a plain HTML paper (no scripts, no inline styles: the CSP forbids
// them) that posts its answers as a form. Submitting records the attempt and computes the result
// on the server; the result shows after the programme's result delay, or at once with the
// release button (sandbox only). Also the offline exam's admit card.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AdmitCardParams } from '../../src/generated/api/exam-launch-admit-card';
import type { TestPageAnswers, TestPageParams } from '../../src/generated/api/exam-launch-test-page';
import type { ResultReleaseBody, ResultReleaseReply } from '../../src/generated/api/result-release';
import { ApiError } from '../api/errors';
import { apiSchema } from '../api/schemas';
import { clearSessionMarker, studentById, studentByRollNumber } from '../auth/sessions';
import type { AppContext } from '../context';
import { attemptForPlayer, resultUrl, type PlayerAttempt } from '../services/exams/launch';
import { slotOf } from '../services/exams/programme';
import { releasePendingResults, resultOfAttempt, submitAttempt } from '../services/results/attempt-results';
import { MARKING } from '../services/results/scoring';
import { centreById } from '../services/master/centres';
import { findSitting, loadExamContext, studentByAdmitCard } from '../services/exams/sittings';
import { addDays, dateLabel, dateTimeLabel, durationLabel, istDate, timeLabel } from '../services/exams/time';
import { paperQuestions } from './test-player-bank';

/** Where a student logs in again after a test: the login screen's own address (not the shared '/'). */
const loginPath = (ctx: AppContext): string =>
  ctx.site.site.screens.login.paths.find((p) => p !== '/') ?? '/';

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} – sandbox</title><link rel="icon" href="/favicon.svg"></head>
<body><main><p><strong>Sandbox</strong>: a stand-in for the test platform; nothing here is a real exam.</p>
${body}</main></body></html>`;
}

const sendPage = (reply: FastifyReply, status: number, title: string, body: string) =>
  reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .send(page(title, body));

function paperForm(view: PlayerAttempt): string {
  const questions = paperQuestions(view.subjects);
  const sections = view.subjects.map((subject) => {
    const mine = questions.filter((q) => q.subject === subject);
    const items = mine.map(
      (q, i) => `<fieldset><legend>${i + 1}. ${esc(q.text)}</legend>
${q.options.map((o, k) => `<label><input type="radio" name="${q.field}" value="${k}"> ${esc(o)}</label><br>`).join('\n')}
</fieldset>`,
    );
    return `<section><h2>${esc(subject)}</h2>${items.join('\n')}</section>`;
  });
  return `<h1>${esc(view.title)}</h1>
<p>Roll number ${esc(view.rollNumber)}. ${questions.length} questions; +${MARKING.correct} for a right answer, ${MARKING.wrong} for a wrong one, 0 when left blank.
Submit before ${esc(dateTimeLabel(new Date(view.attempt.expires_at)))} (India time).</p>
<form method="post" action="/sandbox/test/${view.attempt.id}">
${sections.join('\n')}
<p><button type="submit">Submit test</button></p>
</form>`;
}

async function thankYou(ctx: AppContext, view: PlayerAttempt): Promise<string> {
  const result = await resultOfAttempt(ctx, view.attempt.id);
  if (!result) return `<h1>Test submitted</h1><p>Your answers were recorded.</p>`;
  const released = new Date(result.release_at) <= ctx.now();
  const student = await studentById(ctx, view.attempt.student_id);
  if (!student) throw new Error(`attempt ${view.attempt.id}: its student is gone`);
  const ec = await loadExamContext(ctx, student);
  const sitting = findSitting(ec, result.paper_code, result.schedule_id);
  const link = sitting ? resultUrl(ec, sitting) : '';
  return `<h1>Thank you! Your test has been submitted.</h1>
<p>${esc(view.title)}, roll number ${esc(view.rollNumber)}.</p>
${
  released
    ? `<p>Your result is ready.</p>${link ? `<p><a href="${esc(link)}">View your result</a></p>` : ''}`
    : `<p>Your result will be available from ${esc(dateTimeLabel(new Date(result.release_at)))} (India time) on your dashboard.</p>
<form method="post" action="/sandbox/test/${view.attempt.id}/release"><p><button type="submit">Release my result now (sandbox)</button></p></form>`
}
<p>You have been logged out, as after every test. <a href="${esc(loginPath(ctx))}">Log in again</a> to see your dashboard.</p>`;
}

export function registerTestPlayerRoutes(app: FastifyInstance): void {
  const { ctx } = app;
  const pageSchema = (summary: string, withBody = false) => {
    const { body, ...schema } = apiSchema('exam-launch-test-page', {
      summary,
      tags: ['sandbox'],
      answers: { html: true, redirect: true },
    });
    return withBody ? { ...schema, body } : schema;
  };

  app.get<{ Params: TestPageParams }>(
    '/sandbox/test/:attemptId',
    { schema: pageSchema('The sandbox test page of an attempt') },
    async (request, reply) => {
      const view = await attemptForPlayer(ctx, request.params.attemptId);
      if (!view)
        return sendPage(
          reply,
          404,
          'Test not found',
          '<h1>Test not found</h1><p>Start your test from the dashboard.</p>',
        );
      // The answer page leaves the marker alone: the submit cleared it, and a student who has
      // logged in again since (and then released the result here) keeps her new session.
      if (view.attempt.status === 'submitted')
        return sendPage(reply, 200, 'Test submitted', await thankYou(ctx, view));
      if (new Date(view.attempt.expires_at) <= ctx.now())
        return sendPage(
          reply,
          410,
          'Time over',
          '<h1>The time for this test is over.</h1><p><a href="/dashboard">Back to the dashboard</a></p>',
        );
      return sendPage(reply, 200, view.title, paperForm(view));
    },
  );

  app.post<{ Params: TestPageParams; Body: TestPageAnswers }>(
    '/sandbox/test/:attemptId',
    { schema: pageSchema('Submit the answers of an attempt (form post)', true) },
    async (request, reply) => {
      const view = await attemptForPlayer(ctx, request.params.attemptId);
      if (!view) throw new ApiError(404, 'No such test.');
      const known = new Set(paperQuestions(view.subjects).map((q) => q.field));
      const answers: Record<string, number> = {};
      for (const [field, value] of Object.entries(request.body ?? {})) {
        if (!known.has(field))
          throw new ApiError(400, `Invalid answer: ${field} is not a question of this paper.`);
        answers[field] = Number(value);
      }
      const recorded =
        view.attempt.status === 'open' &&
        (await submitAttempt(ctx, view, paperQuestions(view.subjects), answers));
      if (view.attempt.status === 'open' && !recorded) {
        const again = await attemptForPlayer(ctx, view.attempt.id);
        if (again?.attempt.status !== 'submitted')
          return sendPage(
            reply,
            410,
            'Time over',
            '<h1>The time for this test is over.</h1><p>Your answers could not be recorded.</p>',
          );
      }
      // The sessions ended with this submit: pages stop treating this browser as logged in
      // (decision 001). A repeat ended nothing, so it leaves a newer session's marker alone.
      if (recorded) clearSessionMarker(reply);
      return reply.code(303).header('Location', `/sandbox/test/${view.attempt.id}`).send();
    },
  );

  app.post<{ Params: TestPageParams }>(
    '/sandbox/test/:attemptId/release',
    { schema: pageSchema('Release the result of a submitted attempt now') },
    async (request, reply) => {
      const view = await attemptForPlayer(ctx, request.params.attemptId);
      if (!view || view.attempt.status !== 'submitted') throw new ApiError(404, 'No submitted test here.');
      await releasePendingResults(ctx, view.attempt.student_id);
      return reply.code(303).header('Location', `/sandbox/test/${view.attempt.id}`).send();
    },
  );

  app.post<{ Body: ResultReleaseBody; Reply: ResultReleaseReply }>(
    '/sandbox/results/release',
    {
      schema: apiSchema('result-release', {
        summary: "Release a roll number's pending results now",
        tags: ['sandbox'],
      }),
    },
    async (request) => {
      const student = await studentByRollNumber(ctx, request.body.roll_number);
      if (!student) throw new ApiError(404, 'No registration found for this roll number.');
      const released = await releasePendingResults(ctx, student.id);
      return {
        success: 'true',
        msg: released ? `Released ${released} result${released === 1 ? '' : 's'}.` : 'No pending results.',
        released,
      };
    },
  );

  app.get<{ Params: AdmitCardParams }>(
    '/sandbox/admit-card/:admitCardId',
    {
      schema: apiSchema('exam-launch-admit-card', {
        summary: 'The admit card of an offline exam',
        tags: ['sandbox'],
        answers: { html: true },
      }),
    },
    async (request, reply) => {
      const owner = await studentByAdmitCard(ctx, request.params.admitCardId);
      const ec = owner ? await loadExamContext(ctx, owner) : undefined;
      const main = ec?.main;
      const days = ec?.programme.windows.admitCardDaysBefore;
      const today = istDate(ctx.now());
      const from = main && days !== undefined ? addDays(main.examDate, -days) : undefined;
      if (
        !ec ||
        !main ||
        ec.booking.exam_mode !== 'Offline' ||
        !from ||
        today < from ||
        today > main.examDate
      )
        return sendPage(
          reply,
          404,
          'Admit card',
          '<h1>The admit card is not available.</h1><p>It is released on your dashboard before your exam.</p>',
        );
      const slot = slotOf(ec.programme, ec.booking.exam_slot_id);
      const centre = ec.booking.exam_centre_id ? await centreById(ctx, ec.booking.exam_centre_id) : undefined;
      const s = ec.student;
      return sendPage(
        reply,
        200,
        'Admit card',
        `<h1>Admit card: ${esc(ec.programme.name)}</h1>
<dl><dt>Name</dt><dd>${esc([s.first_name, s.last_name].filter(Boolean).join(' '))}</dd>
<dt>Roll number</dt><dd>${esc(s.roll_number)}</dd><dt>PSID</dt><dd>${esc(s.psid)}</dd>
<dt>Class &amp; stream</dt><dd>${esc(ec.booking.class_stream)}</dd>
<dt>Exam date</dt><dd>${esc(dateLabel(main.examDate))}</dd>
<dt>Timing</dt><dd>${esc(`${timeLabel(slot.start)} to ${timeLabel(slot.end)} (${durationLabel(ec.programme.schedule.durationMinutes)})`)}</dd>
<dt>Centre</dt><dd>${esc(centre ? `${centre.name}, ${centre.address}` : '')}</dd></dl>
<p>Print this admit card and bring it to the exam centre. Arrive early; entry needs the printed card.</p>`,
      );
    },
  );
}
