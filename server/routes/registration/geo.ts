// Location look-ups (part 2 §7) over HTTP: nearest centre, pincode, reverse geocode and IP location
// (server/services/registration/geo.ts answers them from seeded data).
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
import { streamOf } from '../../../src/domain/class-stream';
import { centrePhones, centreValue } from '../../services/master/centres';
import { centreLabelIn, stateNameIn } from '../../services/master/place-names';
import { programmeFor } from '../master/programme-lookup';
import {
  type Point,
  ipLocation,
  nearestCentre,
  nearestPincode,
  pincodePlace,
} from '../../services/registration/geo';

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
      const nearest = await nearestCentre(ctx, here, {
        programme,
        mode: request.query.mode,
        stream: streamOf(request.query.class_stream),
      });
      if (!nearest) throw new ApiError(404, message('geo.noCentre'));
      const { centre: c, km, state } = nearest;
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
      const row = await pincodePlace(app.ctx, request.params.pincode);
      if (!row) throw new ApiError(404, message('geo.noPincode'));
      return row;
    },
  );

  app.get<{ Querystring: GeoReverseQuery; Reply: GeoReverseReply }>(
    '/api/geo/reverse',
    { schema: apiSchema('geo-reverse', { summary: 'Address of the nearest known pincode', tags: ['geo'] }) },
    async (request) => {
      const here = pointOf(request.query.latitude, request.query.longitude);
      const p = await nearestPincode(app.ctx, here);
      if (!p) throw new ApiError(404, message('geo.noPincode'));
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
      const match = await ipLocation(app.ctx, request.ip);
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
