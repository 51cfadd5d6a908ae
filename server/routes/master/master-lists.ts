// Master lists (part 2 §3 "Master data", §7): boards, cities, schools, states, class-streams, and
// the generic GET /api/master by masterKey.
import type { FastifyInstance } from 'fastify';
import { classStreamValue } from '../../../src/domain/class-stream';
import type {
  MasterClassStreamsQuery,
  MasterClassStreamsReply,
} from '../../../src/generated/api/master-class-streams';
import type { MasterDataQuery, MasterDataReply, MasterItem } from '../../../src/generated/api/master-data';
import type { MasterSchoolBoardsReply } from '../../../src/generated/api/master-school-boards';
import type { MasterSchoolsParams, MasterSchoolsReply } from '../../../src/generated/api/master-schools';
import type { MasterStatesReply } from '../../../src/generated/api/master-states';
import { ApiError } from '../../api/errors';
import { localeOf, message } from '../../api/messages';
import { apiSchema } from '../../api/schemas';
import { centreValue, listedCentres } from '../../services/master/centres';
import { centreLabelIn, inShownOrder, stateNameIn } from '../../services/master/place-names';
import { programmeFor } from './programme-lookup';
import { examSlots } from '../../../src/domain/exam-slots';
import {
  boards,
  citiesWithStates,
  classStreams,
  schoolsOfCity,
  states,
} from '../../services/master/master-lists';

const tags = ['master data'];

export function registerMasterLists(app: FastifyInstance): void {
  app.get<{ Querystring: MasterDataQuery; Reply: MasterDataReply }>(
    '/api/master',
    { schema: apiSchema('master-data', { summary: 'A master list by masterKey', tags }) },
    async (request) => {
      const { ctx } = app;
      const { masterKey, masterKeyId, exam_mode: mode, exam_type: examType } = request.query;
      let data: MasterItem[];
      switch (masterKey) {
        case 'exam_board':
          data = (await boards(ctx)).map((b) => ({
            tid: b.id,
            name: b.name,
            is_default: b.is_default === 1,
          }));
          break;
        case 'school_city': {
          const rows = await citiesWithStates(ctx);
          data = rows.map((c) => ({ tid: c.tid, name: c.name, state: c.state_name }));
          break;
        }
        case 'exammode_and_time_master':
          data = examSlots(programmeFor(ctx, request, examType).programme, localeOf(request)).map((s) => ({
            tid: s.tid,
            name: s.name,
          }));
          break;
        case 'state_master': {
          const locale = localeOf(request);
          const rows = (await states(ctx)).map((s) => ({
            tid: s.tid,
            stateName: stateNameIn(s, locale),
            shortCode: s.short_code,
          }));
          data = inShownOrder(rows, (s) => s.stateName, locale);
          break;
        }
        case 'class_and_stream_master': {
          const { eligibility } = programmeFor(ctx, request, examType);
          data = (await classStreams(ctx, eligibility)).map((c) => ({
            tid: c.id,
            name: classStreamValue(c.class, c.stream),
            stream: classStreamValue(c.class, c.stream),
            class: c.class,
            display_name: c.display_name,
          }));
          break;
        }
        case 'exam_center_master': {
          if (!masterKeyId) throw new ApiError(400, message('validation.state.first'));
          if (!mode) throw new ApiError(400, message('validation.examSlot.first'));
          const { programme } = programmeFor(ctx, request, examType);
          const centres = await listedCentres(ctx, {
            examType: programme.examType,
            mode,
            stateTid: masterKeyId,
          });
          const locale = localeOf(request);
          const rows = centres.map((c) => ({ label: centreLabelIn(c, locale), value: centreValue(c) }));
          data = inShownOrder(rows, (c) => c.label, locale);
          break;
        }
      }
      return { success: 'true', msg: 'Success', data };
    },
  );

  app.get<{ Params: MasterSchoolsParams; Reply: MasterSchoolsReply }>(
    '/api/schools/:city',
    { schema: apiSchema('master-schools', { summary: 'Schools of a city', tags }) },
    async (request) => {
      const { ctx } = app;
      const data = await schoolsOfCity(ctx, request.params.city);
      if (!data) throw new ApiError(404, message('lists.noSchools'));
      return { success: 'true', data };
    },
  );

  app.get<{ Reply: MasterStatesReply }>(
    '/api/states',
    { schema: apiSchema('master-states', { summary: 'State and union territory names', tags }) },
    async () => ({ success: 'true', data: (await states(app.ctx)).map((s) => s.state_name) }),
  );

  app.get<{ Reply: MasterSchoolBoardsReply }>(
    '/api/school-boards',
    { schema: apiSchema('master-school-boards', { summary: 'School boards, the default first', tags }) },
    async () => ({
      success: 'true',
      data: (await boards(app.ctx)).map((b) => ({ tid: b.id, name: b.name, is_default: b.is_default === 1 })),
    }),
  );

  app.get<{ Querystring: MasterClassStreamsQuery; Reply: MasterClassStreamsReply }>(
    '/api/class-streams',
    {
      schema: apiSchema('master-class-streams', {
        summary: "Classes and streams the registration page's programme allows",
        tags,
      }),
    },
    async (request) => {
      const { eligibility } = programmeFor(app.ctx, request, request.query.registration_page);
      const rows = await classStreams(app.ctx, eligibility);
      return {
        success: 'true',
        data: rows.map((c) => ({
          id: c.id,
          stream: classStreamValue(c.class, c.stream),
          class: c.class,
          display_name: c.display_name,
        })),
      };
    },
  );
}
