// Location look-ups (part 2 §7), answered from seeded data: nearest centre (great-circle distance),
// pincode, reverse geocode (nearest known pincode) and IP location (sandbox table).
import type { FastifyInstance } from 'fastify';
import type { GeoIpReply } from '../../../src/generated/api/geo-ip';
import type { GeoPincodeParams, GeoPincodeReply } from '../../../src/generated/api/geo-pincode';
import type { GeoReverseQuery, GeoReverseReply } from '../../../src/generated/api/geo-reverse';
import type {
  RegistrationNearestCentreQuery,
  RegistrationNearestCentreReply,
} from '../../../src/generated/api/registration-nearest-centre';
import { ApiError } from '../../api/errors';
import { localeOf, message } from '../../api/messages';
import { apiSchema } from '../../api/schemas';
import { modeAllowedInState } from '../../../src/domain/exam-modes';
import { streamOf } from '../../../src/domain/class-stream';
import { centrePhones, centreValue, listedCentres } from '../../services/master/centres';
import { centreLabelIn, stateNameIn } from '../../services/master/place-names';
import { programmeFor } from '../master/programme-lookup';
import { type Point, distanceKm, fromE6 } from '../../services/registration/geo';

function pointOf(latitude: string, longitude: string): Point {
  const lat = Number(latitude);
  const long = Number(longitude);
  if (!Number.isFinite(lat) || Math.abs(lat) > 90) throw new ApiError(400, message('geo.badLatitude'));
  if (!Number.isFinite(long) || Math.abs(long) > 180) throw new ApiError(400, message('geo.badLongitude'));
  return { lat, long };
}

export function registerGeoRoutes(app: FastifyInstance): void {
  app.get<{ Querystring: RegistrationNearestCentreQuery; Reply: RegistrationNearestCentreReply }>(
    '/api/nearest-centre',
    {
      schema: apiSchema('registration-nearest-centre', {
        summary: 'The nearest centre to a point',
        tags: ['geo'],
      }),
    },
    async (request) => {
      const { ctx } = app;
      const here = pointOf(request.query.latitude, request.query.longitude);
      const { programme } = programmeFor(ctx, request, request.query.exam_type);
      const listed = await listedCentres(ctx, {
        examType: programme.examType,
        mode: request.query.mode,
        stream: streamOf(request.query.class_stream),
      });
      // Only where the programme is held in that mode (config offlineOnlyStates), as the exam step lists.
      const { mode } = request.query;
      const codes = new Map(
        (await ctx.db.selectFrom('states').select(['tid', 'short_code']).execute()).map((s) => [
          s.tid,
          s.short_code,
        ]),
      );
      const centres = mode
        ? listed.filter((c) => modeAllowedInState(programme, mode, codes.get(c.state_tid) ?? ''))
        : listed;
      const ranked = centres
        .map((c) => ({ c, km: distanceKm(here, fromE6(c)) }))
        .sort((a, b) => a.km - b.km || a.c.id.localeCompare(b.c.id));
      const nearest = ranked[0];
      if (!nearest) throw new ApiError(404, message('geo.noCentre'));
      const { c, km } = nearest;
      const state = await ctx.db
        .selectFrom('states')
        .select(['tid', 'state_name', 'state_name_hi'])
        .where('tid', '=', c.state_tid)
        .executeTakeFirstOrThrow();
      const gps = `${c.latitude_e6 / 1e6},${c.longitude_e6 / 1e6}`;
      return {
        success: 'true',
        data: {
          label: centreLabelIn(c, localeOf(request)),
          value: centreValue(c),
          centreCode: c.code,
          centreId: c.id,
          state: { tid: state.tid, name: stateNameIn(state, localeOf(request)) },
          address: c.address,
          phone_numbers: centrePhones(c),
          distance_km: Math.round(km * 10) / 10,
          gps_link: `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(gps)}`,
        },
      };
    },
  );

  app.get<{ Params: GeoPincodeParams; Reply: GeoPincodeReply }>(
    '/api/pincode/:pincode',
    { schema: apiSchema('geo-pincode', { summary: 'City and state of a pincode', tags: ['geo'] }) },
    async (request) => {
      const row = await app.ctx.db
        .selectFrom('pincodes')
        .select(['city', 'state_desc'])
        .where('pincode', '=', request.params.pincode)
        .executeTakeFirst();
      if (!row) throw new ApiError(404, message('geo.noPincode'));
      return row;
    },
  );

  app.get<{ Querystring: GeoReverseQuery; Reply: GeoReverseReply }>(
    '/api/geo/reverse',
    { schema: apiSchema('geo-reverse', { summary: 'Address of the nearest known pincode', tags: ['geo'] }) },
    async (request) => {
      const here = pointOf(request.query.latitude, request.query.longitude);
      const rows = await app.ctx.db.selectFrom('pincodes').selectAll().orderBy('pincode').execute();
      const nearest = rows
        .map((p) => ({ p, km: distanceKm(here, fromE6(p)) }))
        .sort((a, b) => a.km - b.km || a.p.pincode.localeCompare(b.p.pincode))[0];
      if (!nearest) throw new ApiError(404, message('geo.noPincode'));
      const { p } = nearest;
      return {
        address: `${p.place_name}, ${p.city}, ${p.state_desc} ${p.pincode}, India`,
        'Place Name': p.place_name,
        pincode: p.pincode,
        // The pincode table is India's.
        country_code: 'IN',
      };
    },
  );

  app.get<{ Reply: GeoIpReply }>(
    '/api/geo/ip',
    { schema: apiSchema('geo-ip', { summary: "The caller's approximate location by IP", tags: ['geo'] }) },
    async (request) => {
      const rows = await app.ctx.db.selectFrom('geo_ip_ranges').selectAll().execute();
      // The longest matching prefix wins; the empty prefix is the default row.
      const match = rows
        .filter((r) => request.ip.startsWith(r.prefix))
        .sort((a, b) => b.prefix.length - a.prefix.length)[0];
      if (!match) throw new ApiError(404, message('geo.noLocation'));
      return {
        postal: match.postal,
        country_code: match.country_code,
        latitude: match.latitude_e6 / 1e6,
        longitude: match.longitude_e6 / 1e6,
        city: match.city,
        state: match.state,
      };
    },
  );
}
