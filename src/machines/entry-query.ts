// The query parameters the login and registration pages read (part 1 §2, §4). The machines take
// them as input so the page's URL decides the entry state without the machines touching `location`.

export interface EntryQuery {
  sf_id?: string;
  roll_no?: string;
  dob?: string;
  exam_date?: string;
  /** The spec's spelling: `registeration=success` marks a finished registration. */
  registeration?: string;
  status?: string;
  mobile?: string;
  /** The order the gateway sent the browser back from: the server's record of it decides. */
  order_id?: string;
  /** The return link's token: it lets this page read that order without a login. */
  order_token?: string;
  /** The one-time code of a login on another host: the auto-login joins that login (decision 001). */
  handoff?: string;
}

const KEYS = [
  'sf_id',
  'roll_no',
  'dob',
  'exam_date',
  'registeration',
  'status',
  'mobile',
  'order_id',
  'order_token',
  'handoff',
] as const;

/** The entry parameters of a query string; empty values count as absent. */
export function readEntryQuery(search: string | URLSearchParams): EntryQuery {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const query: EntryQuery = {};
  for (const key of KEYS) {
    const value = params.get(key)?.trim();
    if (value) query[key] = value;
  }
  return query;
}

/** Campaign parameters captured on landing and sent with the signup (part 1 §9, part 2 §3). */
export interface Tracking {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_id?: string;
  gclid?: string;
}
