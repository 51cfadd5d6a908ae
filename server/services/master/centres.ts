// Centres and class-streams as the option lists show them.
import { splitClassStream } from '../../../src/domain/class-stream';
import { ApiError } from '../../api/errors';
import { message } from '../../api/messages';
import type { AppContext } from '../../context';
import type { CentresTable, ClassStreamsTable } from '../../db/tables/master';
import { masterSnapshot } from './master-snapshot';

/** Branch-type prefixes the lists leave out of a centre's label (part 2 §3). */
const LABEL_PREFIXES = ['RCC', 'F+EC', 'ALC'];

export const centreLabel = (name: string): string => {
  const prefix = LABEL_PREFIXES.find((p) => name.startsWith(`${p} `));
  return prefix ? name.slice(prefix.length + 1) : name;
};

/** name-code-id: the code is the second dash part. */
export const centreValue = (c: CentresTable): string => `${c.name}-${c.code}-${c.id}`;

const list = (json: string): string[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((x): x is string => typeof x === 'string') : [];
};
export const centrePhones = (c: CentresTable): string[] => list(c.phones);

export interface CentreFilter {
  examType: string;
  mode?: string;
  stream?: string;
}

export const serves = (c: CentresTable, f: CentreFilter): boolean =>
  list(c.exam_types).includes(f.examType) &&
  (!f.mode || list(c.modes).includes(f.mode)) &&
  (!f.stream || list(c.streams).includes(f.stream));

/** Listed centres serving the filter, by label then id (a unique key, so the order is stable). */
export async function listedCentres(
  ctx: AppContext,
  filter: CentreFilter & { stateTid?: string },
): Promise<CentresTable[]> {
  let query = ctx.db.selectFrom('centres').selectAll().where('listed', '=', 1);
  if (filter.stateTid) query = query.where('state_tid', '=', filter.stateTid);
  const rows = await query.orderBy('id').execute();
  return rows
    .filter((c) => serves(c, filter))
    .sort((a, b) => centreLabel(a.name).localeCompare(centreLabel(b.name), 'en') || a.id.localeCompare(b.id));
}

/**
 * The online-only course type's test centre (part 2 §4 "Online-only presets the Delhi state and a
 * test centre"): the digital-only branch serving this online test in the state, unlisted
 * elsewhere. Online-only students are filed under it, not under the state's first classroom branch.
 */
export async function onlineOnlyCentres(
  ctx: AppContext,
  filter: Omit<CentreFilter, 'mode'> & { stateTid?: string },
): Promise<CentresTable[]> {
  const centres = [...(await masterSnapshot(ctx)).centresById.values()];
  return centres
    .filter((c) => c.default_online === 1 && (!filter.stateTid || c.state_tid === filter.stateTid))
    .filter((c) => serves(c, { ...filter, mode: 'Online' }))
    .sort((a, b) => a.id.localeCompare(b.id));
}

/** The centre with this branch code (any case), from the master snapshot. */
export async function centreByCode(ctx: AppContext, code: string): Promise<CentresTable | undefined> {
  return (await masterSnapshot(ctx)).centresByCode.get(code.toUpperCase());
}

/** The centre with this id (a booking's exam_centre_id). */
export async function centreById(ctx: AppContext, id: string): Promise<CentresTable | undefined> {
  return (await masterSnapshot(ctx)).centresById.get(id);
}

/** A class&stream value (11&SOM) or a bare stream (SOM): its row, or a 400. */
export async function classStreamOf(ctx: AppContext, value: string): Promise<ClassStreamsTable> {
  const { klass, stream } = splitClassStream(value);
  const row = (await masterSnapshot(ctx)).classStreams.get(`${klass}&${stream}`);
  if (!row) throw new ApiError(400, message('validation.classStream.required'));
  return row;
}

/** Who may register: the programme's classes, or a landing page's narrower classes and streams. */
export interface Eligibility {
  classes: readonly string[];
  streams?: readonly string[];
}

export function eligible(eligibility: Eligibility, cs: Pick<ClassStreamsTable, 'class' | 'stream'>): boolean {
  return (
    eligibility.classes.includes(cs.class) &&
    (!eligibility.streams || eligibility.streams.includes(cs.stream))
  );
}
