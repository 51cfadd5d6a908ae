// GET /api/schools/{city}: the schools of a city (part 2 §7 "GET school list": the city's name at the
// end of the path).
import type { MasterSchoolsParams, MasterSchoolsReply } from '../../generated/api/master-schools';
import { apiGet, swrKey, type RequestOptions } from '../client';
import { useApiRead } from './use-api-read';

export const SCHOOLS_PATH = '/api/schools';

export const schoolsPath = ({ city }: MasterSchoolsParams) => `${SCHOOLS_PATH}/${encodeURIComponent(city)}`;
export const schoolsKey = (params: MasterSchoolsParams) => swrKey(schoolsPath(params));

export const fetchSchools = (params: MasterSchoolsParams, options?: RequestOptions) =>
  apiGet<MasterSchoolsReply>(schoolsPath(params), options);

/** null while no city is chosen: nothing is fetched. */
export const useSchools = (params: MasterSchoolsParams | null, options?: RequestOptions) =>
  useApiRead(params, schoolsKey, (p) => fetchSchools(p, options));
