// Experiments made in the Studio (decision 056): created by an editor from a page, started,
// paused, stopped and decided by a publisher. Starting, pausing and stopping change site.json's
// `experiments` through a content version (saved, submitted, approved and published by the
// publisher, so it has its history like any publish); declaring a winner gives the winner the path.
import { randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import type { Experiment as SiteExperiment } from '../../../src/generated/config/site';
import { sharesProblem } from '../../../src/domain/experiment-plan';
import { ContentError } from '../content/errors';
import {
  readPublished,
  saveDraft,
  submitForReview,
  approve,
  publishFiles,
  type Actor,
} from '../content/versions';
import { publishVersion } from '../content/workflow';
import type { ExperimentsTable } from '../../db/tables/experiments';

type Ctx = Pick<AppContext, 'db' | 'now' | 'site' | 'content'>;

export type ExperimentStatus = 'draft' | 'running' | 'paused' | 'stopped' | 'decided';

export interface ExperimentArm {
  variantKey: string;
  weight: number;
}

export interface NewExperiment {
  name: string;
  hypothesis: string;
  path: string;
  arms: ExperimentArm[];
  goal: string;
  secondary: string[];
  minEffect: number;
  plannedPerArm: number;
  baselineRate: number;
}

export interface ExperimentRecord extends Omit<NewExperiment, never> {
  id: string;
  programme: string;
  status: ExperimentStatus;
  createdBy: string;
  createdAt: string;
  startedAt: string | null;
  stoppedAt: string | null;
  winner: string | null;
}

const refuse = (message: string) => new ContentError('invalid', message);
const iso = (ms: number | string | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function recordOf(row: ExperimentsTable): ExperimentRecord {
  return {
    id: row.id,
    name: row.name,
    hypothesis: row.hypothesis,
    path: row.path,
    programme: row.programme,
    arms: JSON.parse(row.arms) as ExperimentArm[],
    goal: row.goal,
    secondary: JSON.parse(row.secondary) as string[],
    minEffect: Number(row.min_effect),
    plannedPerArm: Number(row.planned_per_arm),
    baselineRate: Number(row.baseline_rate),
    status: row.status as ExperimentStatus,
    createdBy: row.created_by,
    createdAt: iso(row.created_at_ms) ?? '',
    startedAt: iso(row.started_at_ms),
    stoppedAt: iso(row.stopped_at_ms),
    winner: row.winner,
  };
}

/** A page a visitor can register on (an experiment's goal is a step of its registration card). */
const takesRegistrations = (landing: Ctx['site']['landings'][number]['landing']): boolean =>
  landing.blocks.some((block) => block.type === 'registration-card');

/**
 * The page at a path and the variants of its programme: the other landing pages of it that have a
 * path of their own and a registration card (not, say, its terms page).
 */
export function pageAt(site: Ctx['site'], path: string) {
  const owner = site.landings.find((l) => l.landing.paths.includes(path));
  if (!owner) return undefined;
  const programme = site.programmes[owner.landing.programme];
  const variants = site.landings
    .filter(
      (l) =>
        l.landing.programme === owner.landing.programme &&
        l.landing.paths[0] !== undefined &&
        takesRegistrations(l.landing),
    )
    .map((l) => ({
      variantKey: l.landing.variantKey,
      title: l.landing.title,
      path: l.landing.paths[0] ?? '',
    }));
  return {
    owner: owner.landing,
    programme: owner.landing.programme,
    paid: (programme?.fee.amount ?? 0) > 0,
    variants,
  };
}

/** An experiment id for site.json and its cookie: the name's words and 4 random letters. */
function newId(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 30);
  return `${slug || 'experiment'}-${randomBytes(3).toString('hex').slice(0, 4)}`.replace(/^-/, '');
}

/** Creates a draft experiment from a page; refused in words when it could not be run. */
export async function createExperiment(
  ctx: Ctx,
  input: NewExperiment,
  actor: Actor,
): Promise<ExperimentRecord> {
  const page = pageAt(ctx.site, input.path);
  if (!page) throw refuse('Choose a page of the site: there is no page at that address.');
  if (input.name.trim() === '') throw refuse('Give the experiment a name.');
  if (input.arms.length < 2) throw refuse('Choose at least one other version of the page to try.');
  if (input.arms[0]?.variantKey !== page.owner.variantKey)
    throw refuse('The page at the address must be the first version (what search engines see).');
  const keys = new Set(page.variants.map((v) => v.variantKey));
  for (const arm of input.arms)
    if (!keys.has(arm.variantKey)) throw refuse('Each version must be a page of the same programme.');
  if (new Set(input.arms.map((a) => a.variantKey)).size !== input.arms.length)
    throw refuse('Each version can be chosen once.');
  const shares = sharesProblem(input.arms.map((a) => a.weight));
  if (shares) throw refuse(shares);
  if (input.goal === 'paid' && !page.paid)
    throw refuse('This programme is free: choose “registered” as the goal.');
  if (input.secondary.length > 3) throw refuse('Choose at most three more steps.');
  const running = await ctx.db
    .selectFrom('experiments')
    .select('id')
    .where('path', '=', input.path)
    .where('status', 'in', ['running', 'paused'])
    .executeTakeFirst();
  if (running) throw refuse('Another experiment is running on this page: stop it first.');
  const row: ExperimentsTable = {
    id: newId(input.name),
    name: input.name.trim(),
    hypothesis: input.hypothesis.trim(),
    path: input.path,
    programme: page.programme,
    arms: JSON.stringify(input.arms),
    goal: input.goal,
    secondary: JSON.stringify(input.secondary),
    min_effect: input.minEffect,
    planned_per_arm: input.plannedPerArm,
    baseline_rate: input.baselineRate,
    status: 'draft',
    created_by: actor.name,
    created_at_ms: ctx.now().getTime(),
    started_at_ms: null,
    stopped_at_ms: null,
    winner: null,
  };
  await ctx.db.insertInto('experiments').values(row).execute();
  return recordOf(row);
}

export async function getExperiment(ctx: Pick<Ctx, 'db'>, id: string): Promise<ExperimentRecord> {
  const row = await ctx.db.selectFrom('experiments').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ContentError('not-found', 'There is no such experiment.');
  return recordOf(row);
}

export async function listExperiments(ctx: Pick<Ctx, 'db'>): Promise<ExperimentRecord[]> {
  const rows = await ctx.db.selectFrom('experiments').selectAll().orderBy('created_at_ms', 'desc').execute();
  return rows.map(recordOf);
}

type Change = (experiments: SiteExperiment[]) => SiteExperiment[];

/** site.json's text with `change` applied to its experiments. */
function siteWith(text: string | undefined, change: Change): string {
  const { experiments, ...rest } = JSON.parse(text ?? '{}') as { experiments?: SiteExperiment[] };
  const next = change(experiments ?? []);
  return `${JSON.stringify(next.length > 0 ? { ...rest, experiments: next } : rest, null, 2)}\n`;
}

/** Publishes site.json with `change` applied, as a version saved, submitted, approved and published. */
async function publishSite(ctx: Ctx, actor: Actor, note: string, change: Change): Promise<void> {
  const { texts, numbers } = await readPublished(ctx.db);
  const draft = await saveDraft(ctx.db, {
    path: 'site.json',
    content: siteWith(texts.get('site.json'), change),
    parent: numbers.get('site.json') ?? null,
    actor,
    now: ctx.now(),
    site: ctx.site,
  });
  const ref = { path: 'site.json', number: draft.number, actor };
  await submitForReview(ctx.db, { ...ref, note });
  await approve(ctx.db, ref);
  await publishVersion(ctx, ref);
}

/** Publishes documents together at once (a pause, a winner): one version each, in the history with `note`. */
async function publishAtOnce(
  ctx: Ctx,
  actor: Actor,
  files: Map<string, string>,
  note: string,
): Promise<void> {
  await publishFiles(ctx.db, files, { actor, now: ctx.now(), site: ctx.site, note });
  await ctx.content?.refresh();
}

const onlyPublisher = (actor: Actor) => {
  if (actor.role === 'editor') throw new ContentError('forbidden', 'Only a publisher can do this.');
};

const setStatus = (ctx: Ctx, id: string, values: Partial<ExperimentsTable>) =>
  ctx.db.updateTable('experiments').set(values).where('id', '=', id).execute();

/** Start (or resume): the split goes live; a publisher's. */
export async function startExperiment(ctx: Ctx, id: string, actor: Actor): Promise<ExperimentRecord> {
  onlyPublisher(actor);
  const experiment = await getExperiment(ctx, id);
  if (experiment.status !== 'draft' && experiment.status !== 'paused')
    throw new ContentError('state', 'This experiment has ended: make a new one to test again.');
  await publishSite(ctx, actor, `Start the experiment “${experiment.name}”`, (list) => [
    ...list.filter((e) => e.path !== experiment.path && e.id !== experiment.id),
    { id: experiment.id, path: experiment.path, variants: experiment.arms as SiteExperiment['variants'] },
  ]);
  await setStatus(ctx, id, {
    status: 'running',
    ...(experiment.startedAt ? {} : { started_at_ms: ctx.now().getTime() }),
  });
  return getExperiment(ctx, id);
}

const withoutIt = (id: string) => (list: SiteExperiment[]) => list.filter((e) => e.id !== id);

/** Pause: everyone sees the page at the address again; exposures stop; an editor may pause. */
export async function pauseExperiment(ctx: Ctx, id: string, actor: Actor): Promise<ExperimentRecord> {
  const experiment = await getExperiment(ctx, id);
  if (experiment.status !== 'running')
    throw new ContentError('state', 'Only a running experiment can be paused.');
  // An editor cannot publish: the pause is published in the experiment's name by the schedule's rules.
  const publisher: Actor = actor.role === 'editor' ? { ...actor, role: 'publisher' } : actor;
  await publishSite(
    ctx,
    publisher,
    `Pause the experiment “${experiment.name}” (${actor.name})`,
    withoutIt(id),
  );
  await setStatus(ctx, id, { status: 'paused' });
  return getExperiment(ctx, id);
}

/** Stop without a winner: everyone sees the page at the address. */
export async function stopExperiment(ctx: Ctx, id: string, actor: Actor): Promise<ExperimentRecord> {
  onlyPublisher(actor);
  const experiment = await getExperiment(ctx, id);
  if (experiment.status !== 'running' && experiment.status !== 'paused')
    throw new ContentError('state', 'Only a running or paused experiment can be stopped.');
  if (experiment.status === 'running')
    await publishSite(ctx, actor, `Stop the experiment “${experiment.name}”`, withoutIt(id));
  await setStatus(ctx, id, { status: 'stopped', stopped_at_ms: ctx.now().getTime() });
  return getExperiment(ctx, id);
}

/**
 * Declare a winner: the experiment ends and the winner is the page at the address. When the winner
 * is another page, the two pages swap addresses (the old page keeps the winner's former address),
 * published together with site.json in one step, so the site never has two pages at one address.
 */
export async function declareWinner(
  ctx: Ctx,
  id: string,
  winner: string,
  actor: Actor,
): Promise<ExperimentRecord> {
  onlyPublisher(actor);
  const experiment = await getExperiment(ctx, id);
  if (experiment.status === 'decided' || experiment.status === 'draft')
    throw new ContentError('state', 'Only a started experiment can have a winner.');
  if (!experiment.arms.some((a) => a.variantKey === winner))
    throw refuse('Choose one of the experiment’s versions.');
  const { texts } = await readPublished(ctx.db);
  const files = new Map([['site.json', siteWith(texts.get('site.json'), withoutIt(id))]]);
  const owner = ctx.site.landings.find((l) => l.landing.paths.includes(experiment.path));
  const won = ctx.site.landings.find(
    (l) => l.landing.variantKey === winner && l.landing.programme === experiment.programme,
  );
  if (owner && won && owner !== won) {
    const swapTo = won.landing.paths[0] ?? '';
    const swap = (text: string | undefined, from: string, to: string) => {
      const doc = JSON.parse(text ?? '{}') as { paths: string[] };
      doc.paths = doc.paths.map((p) => (p === from ? to : p));
      return `${JSON.stringify(doc, null, 2)}\n`;
    };
    files.set(owner.file, swap(texts.get(owner.file), experiment.path, swapTo));
    files.set(won.file, swap(texts.get(won.file), swapTo, experiment.path));
  }
  await publishAtOnce(
    ctx,
    actor,
    files,
    `The experiment “${experiment.name}” is decided: ${winner} is the page at ${experiment.path}`,
  );
  await setStatus(ctx, id, {
    status: 'decided',
    winner,
    stopped_at_ms: experiment.stoppedAt ? undefined : ctx.now().getTime(),
  });
  return getExperiment(ctx, id);
}
