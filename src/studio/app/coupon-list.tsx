// The home page's coupons: code, discount in words, first and last day, programmes by name, and
// where each stands (published, a draft, in review), each with Edit; "New coupon" starts one.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { dayMonthYear, indiaDate, isIsoDate } from '../../domain/dates';
import { sayDiscount } from '../../engine/content/money-fields';
import { NewCouponDialog } from './new-coupon-dialog';
import type { CouponSummary, ProgrammeSummary } from './studio-api';

const day = (date: string) => (isIsoDate(date) ? dayMonthYear(date) : 'not set');

/** Where a coupon stands, in words: "Published", "Published, ended", "Published; draft by Esha". */
export function standing(coupon: CouponSummary, today: string): string {
  const open = coupon.openVersions?.[0];
  const ended = isIsoDate(coupon.validUntil) && coupon.validUntil < today;
  const published =
    coupon.published === null ? 'New, not published yet' : ended ? 'Published, ended' : 'Published';
  if (!open) return published;
  const what =
    open.state === 'draft'
      ? `draft by ${open.author}`
      : open.state === 'review'
        ? 'in review'
        : open.state === 'approved'
          ? 'approved, not published yet'
          : 'scheduled';
  return `${published}; ${what}`;
}

export function CouponList({
  coupons,
  all,
  programmes,
}: {
  /** The coupons the search leaves. */
  coupons: CouponSummary[];
  /** Every coupon (a new one's code must be new). */
  all: CouponSummary[];
  programmes: ProgrammeSummary[];
}) {
  const [adding, setAdding] = useState(false);
  const today = indiaDate(new Date());
  const title = (id: string) => programmes.find((p) => p.id === id)?.title || id;
  return (
    <section aria-labelledby="st-coupons-title">
      <div className="st-section-head">
        <h2 id="st-coupons-title">Coupons</h2>
        <button type="button" className="st-button st-button--secondary" onClick={() => setAdding(true)}>
          New coupon
        </button>
      </div>
      <p className="st-muted">
        Codes students type on the registration card to pay less. Every change to a coupon is checked by a
        second person before students see it.
      </p>
      <div className="st-table-wrap">
        <table className="st-table st-table--cards" aria-labelledby="st-coupons-title">
          <thead>
            <tr>
              <th scope="col">Code</th>
              <th scope="col">Discount</th>
              <th scope="col">First day</th>
              <th scope="col">Last day</th>
              <th scope="col">Programmes</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="ef-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {coupons.map((c) => (
              <tr key={c.path}>
                <th scope="row">{c.code}</th>
                <td data-label="Discount">{sayDiscount(c.discount)}</td>
                <td data-label="First day">{day(c.validFrom)}</td>
                <td data-label="Last day">{day(c.validUntil)}</td>
                <td data-label="Programmes">{c.programmes.map(title).join(', ') || 'none yet'}</td>
                <td data-label="State">{standing(c, today)}</td>
                <td>
                  <Link to={`/edit/${c.path}`} aria-label={`Edit coupon ${c.code}`}>
                    Edit
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {adding && <NewCouponDialog taken={all.map((c) => c.code)} onClose={() => setAdding(false)} />}
    </section>
  );
}
