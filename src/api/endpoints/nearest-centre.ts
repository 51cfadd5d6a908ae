// GET /api/nearest-centre?latitude=…&longitude=…&class_stream=…&mode=…&exam_type=…: the nearest centre to
// the student's location, with its state.
import type {
  RegistrationNearestCentreQuery,
  RegistrationNearestCentreReply,
} from '../../generated/api/registration-nearest-centre';
import { apiGet, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';

export const NEAREST_CENTRE_PATH = '/api/nearest-centre';

export const nearestCentrePath = (query: RegistrationNearestCentreQuery) =>
  withQuery(NEAREST_CENTRE_PATH, query);
export const fetchNearestCentre = (query: RegistrationNearestCentreQuery, options?: RequestOptions) =>
  apiGet<RegistrationNearestCentreReply>(nearestCentrePath(query), options);
