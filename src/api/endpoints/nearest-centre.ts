// GET /api/nearest-centre?latitude=…&longitude=…&class_stream=…&mode=…&exam_type=…: the nearest centre to
// the student's location, with its state.
import type {
  RegistrationNearestCentreQuery,
  RegistrationNearestCentreReply,
} from '../../generated/api/registration-nearest-centre';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';
import { useApiRead } from './use-api-read';

export const NEAREST_CENTRE_PATH = '/api/nearest-centre';

export const nearestCentrePath = (query: RegistrationNearestCentreQuery) =>
  withQuery(NEAREST_CENTRE_PATH, query);
export const nearestCentreKey = (query: RegistrationNearestCentreQuery) => swrKey(nearestCentrePath(query));

export const fetchNearestCentre = (query: RegistrationNearestCentreQuery, options?: RequestOptions) =>
  apiGet<RegistrationNearestCentreReply>(nearestCentrePath(query), options);

/** null while a parent choice is missing: nothing is fetched. */
export const useNearestCentre = (query: RegistrationNearestCentreQuery | null, options?: RequestOptions) =>
  useApiRead(query, nearestCentreKey, (q) => fetchNearestCentre(q, options));
