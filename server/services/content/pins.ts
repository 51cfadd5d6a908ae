// A page's programme version holds for a while (decision 049): a student who opened a page before
// a publish and submits after it gets the fee and dates the page showed, if the newer version was
// published less than CONFIG_GRACE_HOURS ago; after that the signup is refused with a sentence
// asking for a reload (nothing typed is lost: the card keeps its draft).
import type { Programme } from '../../../src/generated/config/programme';
import { ApiError } from '../../api/errors';
import { message } from '../../api/messages';
import type { AppContext } from '../../context';
import type { ProgrammeChoice } from '../master/programme-lookup';

const documentOf = (programme: Programme) => `programmes/${programme.id}.json`;

/** The programme's version served now: what an order made now is computed from (null: files). */
export const servedVersion = (ctx: Pick<AppContext, 'site'>, programme: Programme): number | null =>
  ctx.site.versions?.[documentOf(programme)] ?? null;

/**
 * The choice with the programme as the page showed it (`shown`, the version the page was rendered
 * from), and the version it is. Without a shown version, or for config read from files, the
 * programme served now.
 */
export async function asShown(
  ctx: AppContext,
  choice: ProgrammeChoice,
  shown?: number,
): Promise<ProgrammeChoice> {
  const path = documentOf(choice.programme);
  const current = ctx.site.versions?.[path];
  if (current === undefined) return choice;
  if (!shown || shown === current) return { ...choice, configVersion: current };
  const [version, successor] = await Promise.all([
    ctx.db
      .selectFrom('config_versions')
      .select(['content', 'published_at'])
      .where('path', '=', path)
      .where('number', '=', shown)
      .executeTakeFirst(),
    // When the version was replaced: the first publish of a later version.
    ctx.db
      .selectFrom('config_versions')
      .select('published_at')
      .where('path', '=', path)
      .where('number', '>', shown)
      .where('published_at', 'is not', null)
      .orderBy('published_at')
      .limit(1)
      .executeTakeFirst(),
  ]);
  // A version never published is no page a student saw: the programme served now.
  if (!version?.published_at) return { ...choice, configVersion: current };
  const replacedAt = successor?.published_at ? new Date(successor.published_at) : undefined;
  const graceMs = ctx.config.configGraceHours * 3_600_000;
  if (replacedAt && ctx.now().getTime() - replacedAt.getTime() >= graceMs)
    throw new ApiError(409, message('config.pageChanged'));
  return { ...choice, programme: JSON.parse(version.content) as Programme, configVersion: shown };
}
