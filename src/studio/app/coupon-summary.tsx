// In the coupon editor, in place of a page preview: the coupon in one plain sentence, as the draft
// says it now (src/studio/model/coupon-words.ts).
import { couponSentence, type CouponParts } from '../model/coupon-words';
import { usePageNames } from './page-names';
import type { Json } from './studio-api';

export function CouponSummary({ draft }: { draft: Json }) {
  const names = usePageNames();
  const title = (id: string) => names?.programmes.find((p) => p.id === id)?.title || id;
  return (
    <section className="st-coupon-summary" aria-labelledby="st-coupon-summary-title">
      <h2 id="st-coupon-summary-title">What students get</h2>
      <p aria-live="polite">{couponSentence(draft as unknown as CouponParts, title)}</p>
      <p className="st-muted">
        A coupon has no page of its own: students type its code on the registration card. Every change to it
        changes what students pay, so a publisher other than you approves it.
      </p>
    </section>
  );
}
