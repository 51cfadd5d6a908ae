// The API's own messages that a student sees, in every page locale. They live in the one string
// table the client reads too (config/i18n/<locale>.json, under `api.<id>`, or under the page's own
// key when the page words the same message: PAGE_MESSAGE_KEYS), loaded with the rest of
// the config bundle (ctx.site.strings): each is written once per locale, and `npm run strings:add`
// adds one to every locale. The client says which locale by Accept-Language (its fetch wrapper sends
// the page's <html lang>); `hi` answers Hindi, anything else English. {name} placeholders are
// filled from the params. The ids are the generated table's `api.*` keys, so a message id that is
// not in the table does not compile, and the table's schema makes every locale carry every key.
//
// Every refusal a student's page can reach is a message here (server/api/hindi-answers.test.ts asks
// each student-facing operation's refusals in Hindi). Texts only developers and other systems see
// stay English literals in `new ApiError(status, '…')`, and are only these:
// - an unknown API route (server/api/routes.ts) and /sandbox/* while the sandbox is off (server/app.ts);
// - the payment gateway's signed callback and the sandbox gateway's confirmation (server/payments/routes.ts);
// - the sandbox test player's own pages, standing in for the external platform (server/sandbox/test-player.ts);
// - caller identity: its rate limit, request ids and the provider's answer (registration/caller-identity.ts);
// - the test platform's server-to-server calls: its token, the roll number it names, the IAT/main
//   result call, and the tenant headers of the exam-link call (server/routes/exams.ts);
// - analytics events, which the page sends in the background and never shows: rate limit, exam
//   type, payload size (server/routes/commerce/analytics.ts).
import type { FastifyRequest } from 'fastify';
import type { ConfigBundle, Locale } from '../../src/engine/config-bundle';
import { createTranslator } from '../../src/engine/i18n';
import type { UiStringTable } from '../../src/generated/config/i18n';

type ApiId<Key> = Key extends `api.${infer Id}` ? Id : never;

/**
 * Messages the page words too: where a student meets the same message from the page and from the
 * server, the server answers with the page's key (one key, one entry per locale), never a twin
 * under `api.` (messages.test.ts fails on an `api.*` entry that repeats another key's texts).
 */
export const PAGE_MESSAGE_KEYS = [
  'registration.otpSent',
  'recover.otpSent',
  'registration.accountExists',
  'registration.couponApplied',
  'registration.couponInvalid',
  'registration.success',
  'registration.signupFailed',
  'editExam.profileSaved',
  'result.soon',
  'portal.absent',
] as const satisfies readonly (keyof UiStringTable)[];

/** The client's own validation messages (where the server checks a rule the form checks too, it
 * answers with the form's words, `validation.email.invalid`) and the page's messages above. */
type SharedKey = Extract<keyof UiStringTable, `validation.${string}`> | (typeof PAGE_MESSAGE_KEYS)[number];

export type MessageId = ApiId<keyof UiStringTable> | SharedKey;

const isShared = (id: MessageId): id is SharedKey =>
  id.startsWith('validation.') || (PAGE_MESSAGE_KEYS as readonly string[]).includes(id);
/** The table key of a message id (no page key is also an `api.*` id: messages.test.ts). */
const keyOf = (id: MessageId): keyof UiStringTable => (isShared(id) ? id : `api.${id}`);
export type MessageParams = Record<string, string | number>;

/** A message to show, not yet in a language: the error handler or the route words it. */
export interface Message {
  id: MessageId;
  params?: MessageParams;
}

export const message = (id: MessageId, params?: MessageParams): Message => ({ id, params });

/** Every id of the API's own messages (`api.*`) in a locale's table. */
export const messageIds = (strings: UiStringTable): MessageId[] =>
  Object.keys(strings)
    .filter((key) => key.startsWith('api.'))
    .map((key) => key.slice('api.'.length) as MessageId);

/** One locale's table from the loaded config; the site's default locale when it has no file. */
export function stringsIn(site: ConfigBundle, locale: Locale): UiStringTable {
  const strings = site.strings[locale] ?? site.strings[site.site.defaultLocale];
  // validate-config refuses a config whose default locale has no file.
  if (!strings) throw new Error(`No strings for locale "${locale}"`);
  return strings;
}

/** The message in one locale's table, its {placeholders} filled. */
export const wording = ({ id, params }: Message, strings: UiStringTable): string =>
  createTranslator(strings)(keyOf(id), params);

/**
 * The locale a request asks for: the Accept-Language range with the highest q among those this
 * API speaks (hi, en); English when none is named or the header is malformed.
 */
export function localeOf(request: Pick<FastifyRequest, 'headers'>): Locale {
  const header = request.headers['accept-language'];
  if (typeof header !== 'string') return 'en';
  let best: { locale: Locale; q: number } = { locale: 'en', q: 0 };
  for (const part of header.split(',').slice(0, 20)) {
    const [range = '', ...options] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0];
    if (primary !== 'hi' && primary !== 'en') continue;
    const qOption = options.map((o) => o.trim()).find((o) => o.startsWith('q='));
    const q = qOption ? Number(qOption.slice(2)) : 1;
    if (Number.isFinite(q) && q > best.q) best = { locale: primary, q };
  }
  return best.locale;
}

type Asking = Pick<FastifyRequest, 'headers' | 'server'>;

/** The table in the locale the request asks for. */
export const stringsFor = (request: Asking): UiStringTable =>
  stringsIn(request.server.ctx.site, localeOf(request));

/** The message in the locale the request asks for. */
export const say = (request: Asking, id: MessageId, params?: MessageParams): string =>
  wording(message(id, params), stringsFor(request));
