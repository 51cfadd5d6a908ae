// GET /api/geo/reverse?latitude=…&longitude=…: the nearest known pincode and its address.
import type { GeoReverseQuery, GeoReverseReply } from '../../generated/api/geo-reverse';
import { apiGet, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';

export const geoReversePath = (query: GeoReverseQuery) => withQuery('/api/geo/reverse', query);

export const fetchGeoReverse = (query: GeoReverseQuery, options?: RequestOptions) =>
  apiGet<GeoReverseReply>(geoReversePath(query), options);
