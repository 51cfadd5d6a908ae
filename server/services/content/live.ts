// What this process serves of the published config (decision 049): the bundle the API reads as
// `ctx.site`, and whatever else is made from it (the rendered pages). Every process looks at the
// database's generation every `pollMs`; when a publish raised it, it reads the published
// documents, prepares everything made from them (rendering the pages), and only then swaps it all
// in at once, so a request sees the old site or the new one, never a mix, a 404 or a 5xx. The same
// tick publishes the scheduled versions that are due (whichever process gets there first).
import type { ConfigBundle } from '../../../src/engine/config-bundle';
import type { Db } from '../../db/database';
import { bundleOf, readPublished, runDueSchedules, currentGeneration } from './versions';

/**
 * Something made from the published config: given the new bundle and its documents' texts, it
 * prepares its part and answers the function that puts it in place (called with every other part's,
 * synchronously).
 */
export type LivePart = (bundle: ConfigBundle, texts: ReadonlyMap<string, string>) => Promise<() => void>;

export interface LiveContentOptions {
  /** How often the generation is looked at (CONTENT_POLL_MS). */
  pollMs: number;
  log: { error(obj: unknown, msg: string): void; info(obj: unknown, msg: string): void };
}

export class LiveContent {
  /** The generation this process serves (-1 before the first load). */
  generation = -1;
  /** The bundle served (set by the first refresh). */
  bundle: ConfigBundle | undefined;
  /** Path → the text and the version number served. */
  texts: ReadonlyMap<string, string> = new Map();
  numbers: ReadonlyMap<string, number> = new Map();
  private readonly parts: LivePart[] = [];
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly options: LiveContentOptions,
  ) {}

  /** Adds a part: every later change prepares it too (it prepares the current generation itself). */
  add(part: LivePart): void {
    this.parts.push(part);
  }

  /**
   * Brings this process to the database's generation. Loads run one after another: one asked for
   * while another runs starts after it (a publish may have landed after that one read the generation).
   */
  refresh(): Promise<void> {
    const next = (this.running ?? Promise.resolve()).catch(() => undefined).then(() => this.load());
    this.running = next;
    return next;
  }

  private async load(): Promise<void> {
    if ((await currentGeneration(this.db)) === this.generation) return;
    const published = await readPublished(this.db);
    const bundle = bundleOf(published.texts, published);
    const commits = await Promise.all(this.parts.map((part) => part(bundle, published.texts)));
    for (const commit of commits) commit();
    const first = this.generation === -1;
    this.bundle = bundle;
    this.generation = published.generation;
    this.texts = published.texts;
    this.numbers = published.numbers;
    if (!first) this.options.log.info({ generation: published.generation }, 'published config is live');
  }

  /** Looks for publishes and due schedules every pollMs until stopped. */
  start(): void {
    const tick = async () => {
      try {
        await runDueSchedules(this.db, this.now(), (error) =>
          this.options.log.error({ err: error }, 'a scheduled publish failed'),
        );
        await this.refresh();
      } catch (error) {
        this.options.log.error({ err: error }, 'could not load the published config');
      } finally {
        if (this.timer) this.timer = setTimeout(() => void tick(), this.options.pollMs).unref();
      }
    };
    this.timer = setTimeout(() => void tick(), this.options.pollMs).unref();
  }

  async stop(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }
}
