// GET /api/class-streams?registration_page=…: the classes and streams the page's programme allows (the non-
// searchable class & stream dropdown).
import type {
  MasterClassStreamsQuery,
  MasterClassStreamsReply,
} from '../../generated/api/master-class-streams';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';

export const CLASS_STREAMS_PATH = '/api/class-streams';

export const classStreamsPath = (query: MasterClassStreamsQuery) => withQuery(CLASS_STREAMS_PATH, query);
export const classStreamsKey = (query: MasterClassStreamsQuery) => swrKey(classStreamsPath(query));

export const fetchClassStreams = (query: MasterClassStreamsQuery, options?: RequestOptions) =>
  apiGet<MasterClassStreamsReply>(classStreamsPath(query), options);
