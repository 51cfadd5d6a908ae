// GET /api/schools/{city}: the schools of a city (part 2 §7 "GET school list": the city's name at the
// end of the path).
import type { MasterSchoolsParams, MasterSchoolsReply } from '../../generated/api/master-schools';
import { apiGet, type RequestOptions } from '../client';

export const SCHOOLS_PATH = '/api/schools';

export const schoolsPath = ({ city }: MasterSchoolsParams) => `${SCHOOLS_PATH}/${encodeURIComponent(city)}`;
export const fetchSchools = (params: MasterSchoolsParams, options?: RequestOptions) =>
  apiGet<MasterSchoolsReply>(schoolsPath(params), options);
