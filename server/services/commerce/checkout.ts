// What a checkout may pay by and the sample-paper pack it sells (server/routes/commerce/checkout.ts
// takes the order post).
import type { Programme } from '../../../src/generated/config/programme';
import { ApiError } from '../../api/errors';
import { message } from '../../api/messages';
import type { AppContext } from '../../context';
import { samplePackOf } from '../exams/programme';

/** The checkout pays by hdfc when the centre offers ccavenue, otherwise by 'others' (part 2 §4). */
export function acceptedCheckoutMethods(options: Record<string, string>): Set<string> {
  const accepted = new Set(Object.keys(options));
  if (accepted.has('ccavenue')) accepted.add('hdfc');
  return accepted;
}

/** The programme of the sample-paper pack (config/programmes/sample-pack.json). */
export function samplePack(ctx: AppContext): Programme {
  const programme = samplePackOf(ctx.site);
  if (!programme) throw new ApiError(404, message('mockPack.notOnSale'));
  return programme;
}
