// The session state of part 1 §3 and the local-storage keys of part 1 §3 and part 2 §3, in one tiny
// framework-free store (subscribe / getSnapshot for React's useSyncExternalStore).
//
// Reading of "only the session token and similar slices persist": the token and who it belongs to
// (roll number, date of birth, exam type) persist, under one key; the toast never does. Logout and
// test submission clear all of it, every named key, the ef_session marker cookie (decision 001) and
// what the tab kept of its flows (sessionStorage).
import { SESSION_MARKER_COOKIE } from '../engine/page-request';
import { createToastStore, type ToastInput, type ToastState, type ToastStore } from '../ui/toast/toast-store';
import { LOGGED_OUT, readPersisted, SESSION_STORAGE_KEY, type Persisted } from './session-token';
import type { BookedSchedule } from '../machines/registration-model';

export { SESSION_STORAGE_KEY } from './session-token';

export interface SessionState extends Persisted {
  toast: ToastState;
}

// ---- the named local-storage keys -------------------------------------------------------------

/** Registration form (part 1 §3 "Registration form"). */
export interface StudentInfo {
  studentName: string;
  fatherName?: string;
  email: string;
  dob: string;
  mobileNumber: string;
  state?: string;
  city?: string;
  pincode?: string;
  prevSignupAttempt?: boolean;
}

/** The verified user of the registration card: whose mobile, and whether they are known already. */
export interface UserInfo {
  mobileNumber: string;
  studentName?: string;
  email?: string;
  /** A lead look-up found the student: treated as existing, not new (part 1 §4). */
  isExistingUser: boolean;
}

/** Exam info (part 1 §3): the exam step's choices. */
export interface ExamInfo {
  schoolBoard: { value: string };
  classStream: { class: string; stream: string };
  centre: { label: string; centreCode: string };
  dateOfExam: string;
  autoFill: boolean;
  examSlots: string;
  /** Beside the spec's fields: the signup's exam schedule, for the thank-you after the gateway. */
  booked?: BookedSchedule;
}

/** User method (part 1 §3): signed in with a student id (PSID) rather than a mobile number. */
export interface UserPsid {
  isPsid: boolean;
  psid: string;
}

export const UTM_PARAMETERS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_id'] as const;
export type UtmParams = Partial<Record<(typeof UTM_PARAMETERS)[number], string>>;

/** Geo cache (part 2 §3, key user_geo_info). */
export interface UserGeoInfo {
  pincode: string;
  address: string;
  country_code: string;
  lat: number;
  long: number;
  /** ms since 1970, when it was looked up. */
  timestamp: number;
  isLocationAllowed: boolean;
}

/** Location cache of the registration card (part 2 §3 "Location cache"; kept 60 days). */
export interface UserLocation {
  latitude?: number;
  longitude?: number;
  /** The browser's location was allowed (else the IP look-up answered). */
  isLocationAllowed: boolean;
  city: string;
  pincode: string;
  state: string;
  /** ms since 1970: after this the location is looked up again. */
  revalidateAt: number;
}

/** Every named key and the type of what it holds. */
export interface StoredValues {
  studentInfo: StudentInfo;
  user_info: UserInfo;
  exam_info: ExamInfo;
  exam_fee: number;
  user_psid: UserPsid;
  utmParams: UtmParams;
  gclid: string;
  otp_id: string;
  iacst_order_id: string;
  user_geo_info: UserGeoInfo;
  user_location: UserLocation;
}
export type StoredKey = keyof StoredValues;

export const STORED_KEYS: readonly StoredKey[] = [
  'studentInfo',
  'user_info',
  'exam_info',
  'exam_fee',
  'user_psid',
  'utmParams',
  'gclid',
  'otp_id',
  'iacst_order_id',
  'user_geo_info',
  'user_location',
];

export interface CampaignParams {
  utm: UtmParams;
  gclid: string | undefined;
}

/** The UTM parameters and gclid of a URL's query (empty values left out). */
export function campaignFromUrl(url: string | URL): CampaignParams {
  const query = new URL(url, 'http://localhost').searchParams;
  const utm: UtmParams = {};
  for (const name of UTM_PARAMETERS) {
    const value = query.get(name)?.trim();
    if (value) utm[name] = value;
  }
  return { utm, gclid: query.get('gclid')?.trim() || undefined };
}

// ---- the store --------------------------------------------------------------------------------

export interface SessionStore {
  getSnapshot(): SessionState;
  /** The server-render snapshot: nobody is logged in (the token lives only in the browser). */
  getServerSnapshot(): SessionState;
  subscribe(listener: () => void): () => void;
  /** After a successful login: store token, roll number and date of birth (part 1 §4). */
  login(session: { token: string; rollNumber: string; dob: string; examType?: string | null }): void;
  setExamType(examType: string | null): void;
  /** The toast of the session state; `toast.show` / `toast.close` drive it. */
  readonly toast: ToastStore;
  showToast(toast: ToastInput): void;
  closeToast(): void;
  get<K extends StoredKey>(key: K): StoredValues[K] | undefined;
  set<K extends StoredKey>(key: K, value: StoredValues[K]): void;
  remove(key: StoredKey): void;
  /** Keeps the UTM parameters and gclid of a landing URL; a URL without them keeps the earlier ones. */
  captureCampaign(url: string | URL): CampaignParams;
  /** Clears every key, the persisted copy and the marker cookie. */
  logout(): void;
  /** Submitting a test ends the session the same way (part 1 §3). */
  resetAfterTest(): void;
  /** Stops listening to other tabs. */
  dispose(): void;
}

export interface SessionStoreOptions {
  /** Defaults to window.localStorage; a memory stand-in where there is none (prerender, tests). */
  storage?: Storage;
  /** Defaults to document; none on the server. */
  document?: Pick<Document, 'cookie'>;
  /** Where to listen for other tabs' changes; defaults to window. */
  window?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** The tab's storage (the flows kept for a reload); defaults to window.sessionStorage. */
  tabStorage?: Storage;
}

/**
 * Everything the app keeps for a tab (sessionStorage: a flow kept for a reload, the checkout's
 * address, the registration's retry) is under this prefix, and logging out clears all of it: nothing
 * personal stays for the next person at a shared computer.
 */
export const TAB_KEY_PREFIX = 'examflow:';

function defaultTabStorage(): Storage | undefined {
  try {
    return typeof window !== 'undefined' ? window.sessionStorage : undefined;
  } catch {
    return undefined; // storage blocked: nothing was kept either
  }
}

function forgetTab(storage: Storage | undefined): void {
  if (!storage) return;
  try {
    const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i));
    for (const key of keys) if (key?.startsWith(TAB_KEY_PREFIX)) storage.removeItem(key);
  } catch {
    // blocked storage keeps nothing
  }
}

/** A Storage that forgets on reload: for places without localStorage, or where it throws. */
export function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

function defaultStorage(): Storage {
  try {
    // Reading localStorage throws when the browser blocks storage (private modes, iframes).
    if (typeof window !== 'undefined' && window.localStorage) return window.localStorage;
  } catch {
    // fall through
  }
  return memoryStorage();
}

export function createSessionStore(options: SessionStoreOptions = {}): SessionStore {
  const storage = options.storage ?? defaultStorage();
  const doc = options.document ?? (typeof document !== 'undefined' ? document : undefined);
  const win = options.window ?? (typeof window !== 'undefined' ? window : undefined);
  const tabStorage = options.tabStorage ?? defaultTabStorage();
  const toast = createToastStore();
  const listeners = new Set<() => void>();

  let state: SessionState = { ...readPersisted(storage), toast: toast.getSnapshot() };
  const serverSnapshot: SessionState = { ...LOGGED_OUT, toast: toast.getSnapshot() };

  const emit = () => {
    for (const listener of [...listeners]) listener();
  };
  const update = (next: Partial<SessionState>) => {
    state = { ...state, ...next };
    emit();
  };
  const persist = () => {
    const { token, rollNumber, dob, examType } = state;
    try {
      if (token) storage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ token, rollNumber, dob, examType }));
      else storage.removeItem(SESSION_STORAGE_KEY);
    } catch (error) {
      // A full or blocked storage costs the session on reload, not the page.
      console.warn('examflow: could not persist the session', error);
    }
  };
  const unsubscribeToast = toast.subscribe(() => update({ toast: toast.getSnapshot() }));

  // Another tab logged in or out: follow it, so two tabs never disagree about who is logged in.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    const next = readPersisted(storage);
    // Logged out in another tab: this tab forgets what it kept too.
    if (state.token && !next.token) forgetTab(tabStorage);
    update(next);
  };
  win?.addEventListener('storage', onStorage);

  const get = <K extends StoredKey>(key: K): StoredValues[K] | undefined => {
    try {
      const raw = storage.getItem(key);
      return raw === null ? undefined : (JSON.parse(raw) as StoredValues[K]);
    } catch {
      return undefined; // written by something else, or corrupted: as good as absent
    }
  };
  const set = <K extends StoredKey>(key: K, value: StoredValues[K]) => {
    try {
      storage.setItem(key, JSON.stringify(value));
    } catch (error) {
      console.warn(`examflow: could not store ${key}`, error);
    }
  };
  const remove = (key: StoredKey) => {
    try {
      storage.removeItem(key);
    } catch {
      // nothing stored, nothing to remove
    }
  };

  const clearEverything = () => {
    for (const key of STORED_KEYS) remove(key);
    forgetTab(tabStorage);
    state = { ...state, ...LOGGED_OUT };
    persist();
    if (doc) doc.cookie = `${SESSION_MARKER_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax`;
    toast.close();
    emit();
  };

  return {
    getSnapshot: () => state,
    getServerSnapshot: () => serverSnapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    login({ token, rollNumber, dob, examType = state.examType }) {
      // Another student in this tab: nothing the tab kept for the last one carries over.
      if (state.rollNumber && state.rollNumber !== rollNumber) forgetTab(tabStorage);
      update({ token, rollNumber, dob, examType });
      persist();
    },
    setExamType(examType) {
      update({ examType });
      if (state.token) persist();
    },
    toast,
    showToast: (input) => toast.show(input),
    closeToast: () => toast.close(),
    get,
    set,
    remove,
    captureCampaign(url) {
      const found = campaignFromUrl(url);
      if (Object.keys(found.utm).length > 0) set('utmParams', found.utm);
      if (found.gclid) set('gclid', found.gclid);
      return { utm: get('utmParams') ?? {}, gclid: get('gclid') };
    },
    logout: clearEverything,
    resetAfterTest: clearEverything,
    dispose() {
      unsubscribeToast();
      win?.removeEventListener('storage', onStorage);
    },
  };
}

let shared: SessionStore | undefined;
/** The page's one session store, made on first use (in the browser). */
export function sessionStore(): SessionStore {
  shared ??= createSessionStore();
  return shared;
}
