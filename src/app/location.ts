// Where the student is, for the signup's student_city / student_state / student_pincode (part 2 §3
// "Location cache", §7 IP geolocation): the cached answer while it is fresh (60 days, part 2 §9), else
// the browser's location when the student has already allowed it (never a new prompt at signup),
// else the IP look-up. Rejects when nothing answers; the registration machine then signs up without.
import type { GeoIpReply } from '../generated/api/geo-ip';
import type { GeoPincodeReply } from '../generated/api/geo-pincode';
import type { GeoReverseReply } from '../generated/api/geo-reverse';
import type { RegistrationSignupBody } from '../generated/api/registration-signup';
import type { SessionStore, UserGeoInfo, UserLocation } from './session-store';

export const LOCATION_CACHE_MS = 60 * 24 * 60 * 60 * 1000;

type FoundLocation = Omit<UserLocation, 'revalidateAt'>;

/** Where the student is, as the signup carries it. */
export interface StudentLocation {
  city?: string;
  state?: string;
  pincode?: string;
}

export interface LocationSources {
  store: Pick<SessionStore, 'get' | 'set'>;
  now: () => number;
  /** The browser's position, only when already allowed; undefined otherwise (no prompt). */
  allowedPosition: () => Promise<{ latitude: number; longitude: number } | undefined>;
  reverse: (point: { latitude: string; longitude: string }) => Promise<GeoReverseReply>;
  pincode: (pincode: string) => Promise<GeoPincodeReply>;
  geoIp: () => Promise<GeoIpReply>;
}

const fresh = (cached: UserLocation | undefined, now: number): cached is UserLocation =>
  cached !== undefined && cached.revalidateAt > now && Boolean(cached.city || cached.pincode);

async function fromBrowser(sources: LocationSources): Promise<FoundLocation | undefined> {
  const position = await sources.allowedPosition();
  if (!position) return undefined;
  const { pincode } = await sources.reverse({
    latitude: position.latitude.toFixed(6),
    longitude: position.longitude.toFixed(6),
  });
  const place = await sources.pincode(pincode);
  return { ...position, isLocationAllowed: true, city: place.city, state: place.state_desc, pincode };
}

async function fromIp(sources: LocationSources): Promise<FoundLocation> {
  const ip = await sources.geoIp();
  return {
    latitude: ip.latitude,
    longitude: ip.longitude,
    isLocationAllowed: false,
    city: ip.city,
    state: ip.state,
    pincode: ip.postal,
  };
}

const place = ({ city, state, pincode }: FoundLocation): StudentLocation => ({ city, state, pincode });

export async function resolveLocation(sources: LocationSources): Promise<StudentLocation> {
  const now = sources.now();
  const cached = sources.store.get('user_location');
  if (fresh(cached, now)) return place(cached);
  // A browser answer that fails half-way (no pincode near) still leaves the IP look-up.
  const found = (await fromBrowser(sources).catch(() => undefined)) ?? (await fromIp(sources));
  sources.store.set('user_location', { ...found, revalidateAt: now + LOCATION_CACHE_MS });
  return place(found);
}

/** How long a signup waits for the location before it goes without (a slow network must not hold it). */
export const LOCATION_WAIT_MS = 3_000;

/** resolveLocation, or a rejection once `ms` have passed. */
export function resolveLocationWithin(
  sources: LocationSources,
  ms = LOCATION_WAIT_MS,
): Promise<StudentLocation> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`No location within ${ms} ms`)), ms);
  });
  return Promise.race([resolveLocation(sources), late]).finally(() => clearTimeout(timer));
}

/** How long the checkout's place is reused (part 2 §9 "Geo cache for checkout valid 1 hour"). */
export const CHECKOUT_GEO_MS = 60 * 60 * 1000;

export type CheckoutGeoSources = Pick<LocationSources, 'store' | 'now' | 'allowedPosition' | 'reverse'>;

const freshGeo = (geo: UserGeoInfo | undefined, now: number): geo is UserGeoInfo =>
  geo !== undefined && now - geo.timestamp < CHECKOUT_GEO_MS && Boolean(geo.pincode);

/**
 * The checkout's place (part 2 §3 user_geo_info): the cached one while it is under an hour old,
 * else the browser's location when the student has allowed it, reverse-geocoded by the server to
 * its nearest pincode, and cached. Undefined when the location is not allowed (the student types
 * the pincode); rejects when a look-up fails (only logged, part 2 §8).
 */
export async function checkoutGeo(sources: CheckoutGeoSources): Promise<UserGeoInfo | undefined> {
  const now = sources.now();
  const cached = sources.store.get('user_geo_info');
  if (freshGeo(cached, now)) return cached;
  const position = await sources.allowedPosition();
  if (!position) return undefined;
  const place = await sources.reverse({
    latitude: position.latitude.toFixed(6),
    longitude: position.longitude.toFixed(6),
  });
  const geo: UserGeoInfo = {
    pincode: place.pincode,
    address: place.address,
    country_code: place.country_code,
    lat: position.latitude,
    long: position.longitude,
    timestamp: now,
    isLocationAllowed: true,
  };
  sources.store.set('user_geo_info', geo);
  return geo;
}

/**
 * A typed pincode's look-up kept as the checkout's place (no position). The browser location's
 * entry for the same pincode is kept as it is: its look-up filled the field.
 */
export function rememberTypedPincode(
  sources: Pick<CheckoutGeoSources, 'store' | 'now'>,
  pincode: string,
  place: GeoPincodeReply,
): void {
  const now = sources.now();
  const cached = sources.store.get('user_geo_info');
  if (freshGeo(cached, now) && cached.pincode === pincode) return;
  sources.store.set('user_geo_info', {
    pincode,
    address: `${place.city}, ${place.state_desc}`,
    // The pincode look-up knows India's pincodes only.
    country_code: 'IN',
    lat: 0,
    long: 0,
    timestamp: now,
    isLocationAllowed: false,
  });
}

/** The browser's position if the student has allowed it already (the Permissions API says so). */
export async function allowedBrowserPosition(): Promise<{ latitude: number; longitude: number } | undefined> {
  if (!navigator.geolocation || !navigator.permissions) return undefined;
  const permission = await navigator.permissions.query({ name: 'geolocation' });
  if (permission.state !== 'granted') return undefined;
  const position = await new Promise<GeolocationPosition>((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: true,
      maximumAge: 0,
      timeout: 10_000,
    }),
  );
  return { latitude: position.coords.latitude, longitude: position.coords.longitude };
}

/** The signup's location fields; a value the API's patterns would refuse is left out, not sent. */
export function signupLocationFields(
  location: StudentLocation,
): Pick<RegistrationSignupBody, 'student_city' | 'student_state' | 'student_pincode'> {
  const placeName = /^[A-Za-z .'-]{1,60}$/;
  const { city, state, pincode } = location;
  return {
    ...(city && placeName.test(city) ? { student_city: city } : {}),
    ...(state && placeName.test(state) ? { student_state: state } : {}),
    ...(pincode && /^[1-9]\d{5}$/.test(pincode) ? { student_pincode: pincode } : {}),
  };
}
