// The one client of the Studio's file API (/studio/api, see docs: the Studio contract). The session
// is the cookie (decision 048); every change carries the session's CSRF token; a 401 is a
// StudioApiError of status 401 (the session ended: the app returns to sign-in). Expected outcomes (a conflict, an invalid draft, an image that
// exists) are results, not exceptions, so each screen must handle them; anything else throws a
// StudioApiError whose message is already a sentence for a non-developer.
import type { StudioCardWorldReply as CardWorldPlaces } from '../../generated/api/studio-card-world';
import type { StudioImage } from '../../generated/api/studio-images';
import type { Campaign, VariantComparison, VariantFunnel, VariantId } from '../../domain/funnel-report';
import type { StudioExperimentActionBody } from '../../generated/api/studio-experiment-action';
import type { StudioExperimentCreateBody } from '../../generated/api/studio-experiment-create';
import type { StudioExperimentPlanReply } from '../../generated/api/studio-experiment-plan';
import type { StudioExperimentReply } from '../../generated/api/studio-experiment';
import type { StudioExperiment } from '../../generated/api/studio-experiments';
import type { StudioChange, StudioVersionSummary } from '../../generated/api/studio-history';
import type { StudioInboxItem } from '../../generated/api/studio-inbox';
import type { StudioAuditEntry } from '../../generated/api/studio-audit';
import type { StudioOpenVersion, StudioStaff } from '../../generated/api/studio-common';
import type { StudioCouponSummary } from '../../generated/api/studio-files';
import type { TranslationBasis } from '../../engine/content/translation-basis';

/** A JSON value as the config files hold it. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** One problem, exactly as `npm run validate:config` reports it (file relative to config/). */
export interface Problem {
  file: string;
  pointer: string;
  message: string;
}

export interface LandingSummary {
  path: string;
  title: string;
  paths: string[];
  hosts: string[];
  locale: string;
  variantKey: string;
  programme: string;
  modified: string;
  /** The published version's number; null: not on the site (new, or taken off). */
  published?: number | null;
}

export interface ProgrammeSummary {
  path: string;
  id: string;
  title: string;
  modified: string;
  published?: number | null;
}

/** A coupon as the home page lists it (a draft's fields as far as it has them). */
export type CouponSummary = Omit<StudioCouponSummary, 'published' | 'openVersions'> &
  Partial<Pick<StudioCouponSummary, 'published' | 'openVersions'>>;

export interface FileList {
  landings: LandingSummary[];
  programmes: ProgrammeSummary[];
  coupons: CouponSummary[];
}

/** A staff account as People lists it: `last_sign_in_at` null when it never signed in. */
export type StaffMember = StudioStaff;

/** One entry of the audit log, and who wrote it by name. */
export type ActivityEntry = StudioAuditEntry;

/** A page of the audit log: `before` the entry id to continue from, `action` one action code. */
export interface ActivityQuery {
  before?: string;
  action?: string;
  limit?: number;
}

export interface LoadedFile {
  path: string;
  content: Json;
  version: string;
  /** The published version's number; null: the page is not published (the answer is its newest draft). */
  published?: number | null;
  /** The versions in progress (drafts, in review, approved, scheduled), with their authors. */
  drafts?: StudioOpenVersion[];
}

/** A Hindi page against the English page it translates (decision 054). */
export interface TranslationState {
  /** The Hindi page as saved in the version the basis belongs to. */
  content: Json;
  english: { path: string; content: Json } | null;
  basis: TranslationBasis;
}

export interface Draft {
  path: string;
  content: Json;
}

/** A saved draft on the server (decision 049): its version, and its number for the workflow. */
export type PutResult =
  | { ok: true; version: string; number?: number; state?: 'draft' }
  | { ok: false; error: 'changed'; current: { content: Json; version: string } | null }
  | { ok: false; error: 'invalid'; problems: Problem[] };

export type ImageInfo = StudioImage;

/** An upload's address and its size in pixels, read from the file by the server. */
export type UploadResult =
  { ok: true; src: string; width?: number; height?: number } | { ok: false; error: 'exists' };

/** The Funnel view's filter: India days, both included; a campaign's source, medium, name ('' for none). */
export interface FunnelQuery {
  from: string;
  to: string;
  utmSource?: string;
  utmMedium?: string;
  utmCampaign?: string;
}

/** The funnel's numbers, or why there are none (no portal database yet). */
export type FunnelData = { source: string } & (
  | { variants: VariantFunnel[]; campaigns?: Campaign[]; unavailable?: undefined }
  | { unavailable: string; variants?: undefined; campaigns?: undefined }
);

export type ComparisonData = { source: string } & (
  { comparison: VariantComparison; unavailable?: undefined } | { unavailable: string; comparison?: undefined }
);

export type VersionState = 'draft' | 'review' | 'approved' | 'scheduled' | 'published' | 'archived';

/** One version of a document: author, state, what it changes for students, review and schedule. */
export type VersionSummary = StudioVersionSummary;
/** A version waiting for a publisher, or a draft sent back to its author (GET /inbox). */
export type InboxItem = StudioInboxItem;
export type VersionChange = StudioChange;

/** Every version of a document, newest first, and the number of the one students see (null: none). */
export interface DocumentHistory {
  published: number | null;
  versions: VersionSummary[];
}

/** A version of a document, as the workflow's actions name it. */
export interface VersionRef {
  path: string;
  number: number;
}

/** A link that opens a version's page without signing in, until it expires (ISO). */
export interface PreviewLink {
  url: string;
  expiresAt: string;
}

export type { CardWorldPlaces };

export interface StudioApi {
  listFiles(): Promise<FileList>;
  /** null when the file does not exist. */
  /** A document at its published version (or, with `number`, at that version). */
  getFile(path: string, number?: number): Promise<LoadedFile | null>;
  validate(drafts: Draft[], signal?: AbortSignal): Promise<Problem[]>;
  preview(
    /** `landing`: for a programme draft, which of its landing pages to draw (config path). */
    request: { path: string; content: Json; host?: string; landing?: string },
    signal?: AbortSignal,
  ): Promise<{ html: string; problems: Problem[] }>;
  /** The states, centres and dates the card preview offers for a programme (null: it has none). */
  cardWorld(request: { programme: string; locale: 'en' | 'hi' }): Promise<CardWorldPlaces | null>;
  /** Saves a draft on the server (not live: it goes live through review and publish). */
  putFile(
    request: { path: string; content: Json; baseVersion: string | null },
    signal?: AbortSignal,
  ): Promise<PutResult>;
  /** Every version of a document, newest first. */
  history(path: string, signal?: AbortSignal): Promise<DocumentHistory>;
  /** A Hindi page's translation basis, and the English page as it stands now (null: it translates none). */
  translations(path: string): Promise<TranslationState | null>;
  /** These Hindi texts are still right for the English as it is now. */
  confirmTranslations(path: string, pointers: string[]): Promise<TranslationBasis>;
  /** Every version waiting for a publisher, and the drafts sent back to their authors. */
  inbox(signal?: AbortSignal): Promise<InboxItem[]>;
  /** What changes for students from version `from` to version `to`. */
  compare(
    path: string,
    from: number,
    to: number,
    signal?: AbortSignal,
  ): Promise<{ changes: VersionChange[]; touchesMoney: boolean }>;
  /** A draft to review, with a note for the reviewer. */
  submitForReview(request: VersionRef & { note: string }): Promise<void>;
  /** A publisher sends a version in review back to its author, with a comment. */
  sendBack(request: VersionRef & { comment: string }): Promise<void>;
  /** A publisher approves a version in review (a money change: someone else's). */
  approve(request: VersionRef): Promise<void>;
  /** A publisher puts an approved (or scheduled) version live now. */
  publishNow(request: VersionRef): Promise<void>;
  /** A publisher schedules an approved version: ISO date-times with their offset (India: +05:30). */
  schedule(request: VersionRef & { publishAt: string; unpublishAt?: string }): Promise<void>;
  /** A publisher withdraws a schedule: the version is approved again. */
  unschedule(request: VersionRef): Promise<void>;
  /** A publisher takes a landing page off the site. */
  unpublish(request: { path: string }): Promise<void>;
  /** A new version equal to version `to`: sent to review, or restored now (publisher). */
  rollback(request: { path: string; to: number; restoreNow: boolean }): Promise<void>;
  /** Its author (or a publisher) discards a draft. */
  discard(request: VersionRef): Promise<void>;
  /** A link a lead opens on a phone without signing in. */
  previewLink(request: VersionRef): Promise<PreviewLink>;
  /** Every staff account (admins). */
  listStaff(): Promise<StaffMember[]>;
  /** A new account and its first password, shown once (admins). */
  addStaff(person: { name: string; email: string; role: StaffMember['role'] }): Promise<{
    staff: StaffMember;
    password: string;
  }>;
  /** A role changed, or the account disabled or enabled (admins; 409 when no enabled admin would be left). */
  changeStaff(id: string, change: { role?: StaffMember['role']; disabled?: boolean }): Promise<StaffMember>;
  /** The audit log, newest first (publishers and admins); `nextBefore` null on the last page. */
  activity(
    query: ActivityQuery,
    signal?: AbortSignal,
  ): Promise<{ entries: ActivityEntry[]; nextBefore: string | null }>;
  listImages(): Promise<ImageInfo[]>;
  uploadImage(name: string, file: Blob, overwrite: boolean): Promise<UploadResult>;
  /** Uploaded images no published page uses (a publisher's list to tidy). */
  unusedImages(): Promise<ImageInfo[]>;
  /** Removes an uploaded image no published page uses; answers the list left. */
  removeImage(name: string): Promise<ImageInfo[]>;
  /** The portal's funnel per variant (read-only, from the database the portal uses). */
  funnel(query: FunnelQuery, signal?: AbortSignal): Promise<FunnelData>;
  compareVariants(
    query: FunnelQuery,
    a: VariantId,
    b: VariantId,
    signal?: AbortSignal,
  ): Promise<ComparisonData>;
  /** Every experiment made in the Studio, newest first. */
  experiments(signal?: AbortSignal): Promise<StudioExperiment[]>;
  /** What a new experiment on the page at `path` is planned from (its last 14 days). */
  experimentPlan(path: string, signal?: AbortSignal): Promise<StudioExperimentPlanReply>;
  /** A new draft experiment (editors and up). */
  createExperiment(body: StudioExperimentCreateBody): Promise<StudioExperiment>;
  /** One experiment and its results. */
  experiment(id: string, signal?: AbortSignal): Promise<StudioExperimentReply>;
  /** Start, pause, stop, or declare a winner. */
  experimentAction(id: string, body: StudioExperimentActionBody): Promise<StudioExperiment>;
}

export class StudioApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A 429's Retry-After, in seconds. */
    readonly retryAfter?: number,
  ) {
    super(message);
    this.name = 'StudioApiError';
  }
}

const FALLBACK_MESSAGES: Record<number, string> = {
  400: 'The studio refused that request.',
  401: 'Your session has ended: sign in again.',
  403: 'The studio refused that. Reload the page and try again.',
  404: 'That file was not found.',
  413: 'That is too large for the studio to accept.',
  415: 'That kind of file is not accepted.',
  429: 'Too many tries: wait a little and try again.',
};

/** A refusal as a StudioApiError: the server's sentence (`msg`, or the file API's `message`). */
export async function errorFrom(response: Response): Promise<StudioApiError> {
  let code = response.status === 401 ? 'signed-out' : 'failed';
  let message = FALLBACK_MESSAGES[response.status] ?? 'The studio could not do that. Try again.';
  try {
    const body = (await response.json()) as {
      error?: string;
      error_code?: string;
      message?: string;
      msg?: string;
    };
    const named = body.error ?? body.error_code;
    if (named) code = named;
    if (body.msg ?? body.message) message = body.msg ?? body.message ?? message;
  } catch {
    // A body that is not JSON keeps the fallback sentence.
  }
  const retry = Number(response.headers.get('retry-after'));
  return new StudioApiError(response.status, code, message, retry > 0 ? retry : undefined);
}

/** The session's CSRF token (GET /studio/api/account/session), shared by the Studio's clients. */
export interface CsrfHolder {
  token: string;
}

const isChange = (method: string | undefined) =>
  method !== undefined && method !== 'GET' && method !== 'HEAD';

/** The client over fetch: the session cookie, and the CSRF token on every change. */
export function createStudioApi(
  csrf: CsrfHolder,
  base = '/studio/api',
  fetchImpl: typeof fetch = fetch,
): StudioApi {
  const call = (path: string, init: RequestInit = {}) =>
    fetchImpl(`${base}${path}`, {
      ...init,
      credentials: 'same-origin',
      headers: {
        ...(isChange(init.method) ? { 'X-CSRF-Token': csrf.token } : {}),
        ...(init.headers as Record<string, string> | undefined),
      },
    });
  const json = (body: unknown): RequestInit => ({
    body: JSON.stringify(body),
    headers: { 'Content-Type': 'application/json' },
  });
  const ok = async <T>(response: Response): Promise<T> => {
    if (!response.ok) throw await errorFrom(response);
    return (await response.json()) as T;
  };
  /** A workflow action: a refusal throws the server's sentence (409, 403, 422…). */
  const post = async <T = unknown>(path: string, body: unknown): Promise<T> =>
    ok<T>(await call(path, { method: 'POST', ...json(body) }));

  return {
    async listFiles() {
      return ok<FileList>(await call('/files'));
    },
    async getFile(path, number) {
      const at = number === undefined ? '' : `&number=${number}`;
      const response = await call(`/file?path=${encodeURIComponent(path)}${at}`);
      if (response.status === 404) return null;
      return ok<LoadedFile>(response);
    },
    async validate(drafts, signal) {
      const body = await ok<{ problems: Problem[] }>(
        await call('/validate', { method: 'POST', ...json({ drafts }), signal }),
      );
      return body.problems;
    },
    async preview(request, signal) {
      return ok<{ html: string; problems: Problem[] }>(
        await call('/preview', { method: 'POST', ...json(request), signal }),
      );
    },
    async cardWorld(request) {
      const response = await call('/card-world', { method: 'POST', ...json(request) });
      if (response.status === 404) return null;
      return ok<CardWorldPlaces>(response);
    },
    async putFile(request, signal) {
      const response = await call('/file', { method: 'PUT', ...json(request), signal });
      if (response.status === 409) {
        const body = (await response.json()) as { current: { content: Json; version: string } | null };
        return { ok: false, error: 'changed', current: body.current ?? null };
      }
      if (response.status === 422) {
        const body = (await response.json()) as { problems: Problem[] };
        return { ok: false, error: 'invalid', problems: body.problems };
      }
      const saved = await ok<{ version: string | number; number?: number; state?: 'draft' }>(response);
      const number = saved.number ?? Number(saved.version);
      return {
        ok: true,
        version: String(saved.version),
        state: 'draft',
        ...(Number.isInteger(number) ? { number } : {}),
      };
    },
    async translations(path) {
      const response = await call(`/translations?path=${encodeURIComponent(path)}`);
      if (response.status === 404) return null;
      return ok<TranslationState>(response);
    },
    async confirmTranslations(path, pointers) {
      return (await post<{ basis: TranslationBasis }>('/translations/confirm', { path, pointers })).basis;
    },
    async history(path, signal) {
      const { published, versions } = await ok<DocumentHistory>(
        await call(`/history?path=${encodeURIComponent(path)}`, { signal }),
      );
      return { published, versions };
    },
    async inbox(signal) {
      return (await ok<{ versions: InboxItem[] }>(await call('/inbox', { signal }))).versions;
    },
    async compare(path, from, to, signal) {
      const search = new URLSearchParams({ path, from: String(from), to: String(to) });
      const { changes, touchesMoney } = await ok<{ changes: VersionChange[]; touchesMoney: boolean }>(
        await call(`/compare?${search.toString()}`, { signal }),
      );
      return { changes, touchesMoney };
    },
    async submitForReview(request) {
      await post('/versions/submit', request);
    },
    async sendBack(request) {
      await post('/versions/send-back', request);
    },
    async approve(request) {
      await post('/versions/approve', request);
    },
    async publishNow(request) {
      await post('/versions/publish', request);
    },
    async schedule({ path, number, publishAt, unpublishAt }) {
      await post('/versions/publish', {
        path,
        number,
        publish_at: publishAt,
        ...(unpublishAt === undefined ? {} : { unpublish_at: unpublishAt }),
      });
    },
    async unschedule(request) {
      await post('/versions/unschedule', request);
    },
    async unpublish(request) {
      await post('/versions/unpublish', request);
    },
    async rollback({ path, to, restoreNow }) {
      await post('/versions/rollback', { path, to, restore_now: restoreNow });
    },
    async discard(request) {
      await post('/versions/discard', request);
    },
    async previewLink(request) {
      const made = await post<{ url: string; expires_at: string }>('/preview-links', request);
      return { url: made.url, expiresAt: made.expires_at };
    },
    async listStaff() {
      return (await ok<{ staff: StaffMember[] }>(await call('/staff'))).staff;
    },
    async addStaff(person) {
      return ok<{ staff: StaffMember; password: string }>(
        await call('/staff', { method: 'POST', ...json(person) }),
      );
    },
    async changeStaff(id, change) {
      const body = await ok<{ staff: StaffMember }>(
        await call(`/staff/${encodeURIComponent(id)}`, { method: 'PATCH', ...json(change) }),
      );
      return body.staff;
    },
    async activity({ before, action, limit }, signal) {
      const search = new URLSearchParams();
      if (before) search.set('before', before);
      if (action) search.set('action', action);
      if (limit) search.set('limit', String(limit));
      const body = await ok<{ entries: ActivityEntry[]; next_before: string | null }>(
        await call(`/audit?${search.toString()}`, { signal }),
      );
      return { entries: body.entries, nextBefore: body.next_before };
    },
    async listImages() {
      return (await ok<{ images: ImageInfo[] }>(await call('/images'))).images;
    },
    async uploadImage(name, file, overwrite) {
      const query = `?name=${encodeURIComponent(name)}&overwrite=${overwrite ? 1 : 0}`;
      const response = await call(`/images${query}`, {
        method: 'POST',
        body: file,
        headers: { 'Content-Type': file.type },
      });
      if (response.status === 409) return { ok: false, error: 'exists' };
      return { ok: true, ...(await ok<{ src: string; width?: number; height?: number }>(response)) };
    },
    async unusedImages() {
      return (await ok<{ images: ImageInfo[] }>(await call('/images/unused'))).images;
    },
    async removeImage(name) {
      const response = await call(`/images?name=${encodeURIComponent(name)}`, { method: 'DELETE' });
      return (await ok<{ images: ImageInfo[] }>(response)).images;
    },
    async funnel(query, signal) {
      return ok<FunnelData>(await call(`/funnel?${funnelSearch(query)}`, { signal }));
    },
    async experiments(signal) {
      return (await ok<{ experiments: StudioExperiment[] }>(await call('/experiments', { signal })))
        .experiments;
    },
    async experimentPlan(path, signal) {
      return ok<StudioExperimentPlanReply>(
        await call(`/experiments/plan?path=${encodeURIComponent(path)}`, { signal }),
      );
    },
    async createExperiment(body) {
      return post<StudioExperiment>('/experiments', body);
    },
    async experiment(id, signal) {
      return ok<StudioExperimentReply>(await call(`/experiments/${encodeURIComponent(id)}`, { signal }));
    },
    async experimentAction(id, body) {
      return post<StudioExperiment>(`/experiments/${encodeURIComponent(id)}/action`, body);
    },
    async compareVariants(query, a, b, signal) {
      const pair = `&a=${encodeURIComponent(`${a.programme}:${a.variant}`)}&b=${encodeURIComponent(`${b.programme}:${b.variant}`)}`;
      return ok<ComparisonData>(await call(`/funnel/compare?${funnelSearch(query)}${pair}`, { signal }));
    },
  };
}

function funnelSearch({ from, to, utmSource, utmMedium, utmCampaign }: FunnelQuery): string {
  const search = new URLSearchParams({ from, to });
  if (utmSource !== undefined) search.set('utm_source', utmSource);
  if (utmMedium !== undefined) search.set('utm_medium', utmMedium);
  if (utmCampaign !== undefined) search.set('utm_campaign', utmCampaign);
  return search.toString();
}
