// Exam option lists of the registration's exam step (part 2 §3 "Option lists", §7): slots from the
// programme config, states and centres from the master data, dates from the config or per centre.
import type { FastifyInstance } from 'fastify';
import type { ExamCentresQuery, ExamCentresReply } from '../../../src/generated/api/exam-centres';
import type { ExamDatesQuery, ExamDatesReply } from '../../../src/generated/api/exam-dates';
import type { ExamOpenQuery, ExamOpenReply } from '../../../src/generated/api/exam-open';
import type { ExamSlotsQuery, ExamSlotsReply } from '../../../src/generated/api/exam-slots';
import type { ExamStatesQuery, ExamStatesReply } from '../../../src/generated/api/exam-states';
import { ApiError } from '../../api/errors';
import { localeOf, message } from '../../api/messages';
import { apiSchema } from '../../api/schemas';
import { streamOf } from '../../../src/domain/class-stream';
import {
  centreByCode,
  centreValue,
  listedCentres,
  onlineOnlyCentres,
  serves,
} from '../../services/master/centres';
import { centreLabelIn, inShownOrder, stateNameIn } from '../../services/master/place-names';
import { dateLabel } from '../../services/exams/time';
import { anyDateOpen, openExamDates } from '../../services/master/exam-calendar';
import { programmeFor } from './programme-lookup';
import { examSlots } from '../../../src/domain/exam-slots';
import { withOpenDates } from '../../services/master/exam-options';
import { states } from '../../services/master/master-lists';

const tags = ['exam options'];

const checked = (flag: string | undefined) => flag === 'true' || flag === '1';

export function registerExamOptions(app: FastifyInstance): void {
  app.get<{ Querystring: ExamSlotsQuery; Reply: ExamSlotsReply }>(
    '/api/exam/slots',
    { schema: apiSchema('exam-slots', { summary: 'Exam slots of a programme', tags }) },
    async (request) => ({
      success: 'true',
      data: examSlots(programmeFor(app.ctx, request, request.query.exam_type).programme, localeOf(request)),
    }),
  );

  app.get<{ Querystring: ExamStatesQuery; Reply: ExamStatesReply }>(
    '/api/exam/states',
    { schema: apiSchema('exam-states', { summary: 'States with a centre for the exam', tags }) },
    async (request) => {
      const { ctx } = app;
      const { programme } = programmeFor(ctx, request, request.query.exam_type);
      let centres = await listedCentres(ctx, {
        examType: programme.examType,
        mode: request.query.exam_mode,
        stream: streamOf(request.query.class_stream),
      });
      if (checked(request.query.isCheckedState)) centres = await withOpenDates(ctx, programme, centres);
      const tids = new Set(centres.map((c) => c.state_tid));
      const rows = await states(ctx);
      const locale = localeOf(request);
      const data = rows
        .filter((s) => tids.has(s.tid))
        .map((s) => ({ tid: s.tid, stateName: stateNameIn(s, locale), shortCode: s.short_code }));
      return { success: 'true', data: inShownOrder(data, (s) => s.stateName, locale) };
    },
  );

  app.get<{ Querystring: ExamCentresQuery; Reply: ExamCentresReply }>(
    '/api/exam/centres',
    { schema: apiSchema('exam-centres', { summary: 'Centres of a state for the exam', tags }) },
    async (request) => {
      const { ctx } = app;
      const { programme } = programmeFor(ctx, request, request.query.exam_type);
      const filter = {
        examType: programme.examType,
        stream: streamOf(request.query.class_stream),
        stateTid: request.query.state,
      };
      let centres =
        request.query.course_type === 'online' && request.query.mode === 'Online'
          ? await onlineOnlyCentres(ctx, filter)
          : await listedCentres(ctx, { ...filter, mode: request.query.mode });
      if (checked(request.query.isCheckedCentre)) centres = await withOpenDates(ctx, programme, centres);
      const locale = localeOf(request);
      const data = centres.map((c) => ({
        label: centreLabelIn(c, locale),
        value: centreValue(c),
        code: c.code,
        id: c.id,
      }));
      return { success: 'true', data: inShownOrder(data, (c) => c.label, locale) };
    },
  );

  app.get<{ Querystring: ExamOpenQuery; Reply: ExamOpenReply }>(
    '/api/exam/open',
    { schema: apiSchema('exam-open', { summary: 'Whether any exam date is open for registration', tags }) },
    async (request) => {
      const { programme } = programmeFor(app.ctx, request, request.query.exam_type);
      return { success: 'true', data: { open: await anyDateOpen(app.ctx, programme) } };
    },
  );

  app.get<{ Querystring: ExamDatesQuery; Reply: ExamDatesReply }>(
    '/api/exam/dates',
    { schema: apiSchema('exam-dates', { summary: 'Exam dates open for registration', tags }) },
    async (request) => {
      const { ctx } = app;
      const { programme } = programmeFor(ctx, request, request.query.exam_type);
      const code = request.query.centre;
      const centre = code ? await centreByCode(ctx, code) : undefined;
      if (
        code &&
        (!centre || !serves(centre, { examType: programme.examType, stream: streamOf(request.query.stream) }))
      )
        throw new ApiError(404, message('lists.centreNoExam'));
      const dates = await openExamDates(ctx, programme, centre);
      return {
        success: 'true',
        data: dates.map((value) => ({ value, label: dateLabel(value, localeOf(request)) })),
      };
    },
  );
}
