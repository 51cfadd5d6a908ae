// GET /api/master?masterKey=…: a master list by key (part 2 §7 "GET master data"): exam_board and
// school_city for the profile update, the others for the exam selects.
import type { MasterDataQuery, MasterDataReply } from '../../generated/api/master-data';
import { apiGet, type RequestOptions } from '../client';
import { withQuery } from './request-helpers';

export const MASTER_DATA_PATH = '/api/master';

export const masterDataPath = (query: MasterDataQuery) => withQuery(MASTER_DATA_PATH, query);
export const fetchMasterData = (query: MasterDataQuery, options?: RequestOptions) =>
  apiGet<MasterDataReply>(masterDataPath(query), options);
