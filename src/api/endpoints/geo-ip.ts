// GET /api/geo/ip: the caller's approximate location by IP address (postal code, city, state).
import type { GeoIpReply } from '../../generated/api/geo-ip';
import { apiGet, type RequestOptions } from '../client';

export const GEO_IP_PATH = '/api/geo/ip';

export const fetchGeoIp = (options?: RequestOptions) => apiGet<GeoIpReply>(GEO_IP_PATH, options);
