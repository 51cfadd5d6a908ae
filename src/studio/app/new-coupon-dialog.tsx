// "New coupon": its code (what students type; it names the coupon and cannot change later), then the
// editor opens a draft with the rest to fill in. Nothing reaches students until a second person
// approves it and it is published.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { addDays, indiaDate } from '../../domain/dates';
import { Modal } from '../../ui/modal/modal';
import { draftStore } from '../model/draft-store';
import type { Json } from './studio-api';

const CODE = /^[A-Z0-9]{1,30}$/;

/** A new coupon's first draft: 10 % off for 30 days from today (India time), no programme yet. */
export function newCoupon(code: string, today: string): Json {
  return {
    $schema: '../../schemas/config/coupon.schema.json',
    code,
    programmes: [],
    discount: { percent: 10 },
    validFrom: today,
    validUntil: addDays(today, 30),
  };
}

export function NewCouponDialog({ taken, onClose }: { taken: readonly string[]; onClose(): void }) {
  const navigate = useNavigate();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const wanted = code.trim().toUpperCase();
    const refuse = (message: string) => {
      setError(message);
      document.getElementById('st-new-code')?.focus();
    };
    if (!CODE.test(wanted))
      return refuse('Use 1 to 30 capital letters and digits, with no spaces, for example SAVE10.');
    if (taken.includes(wanted)) return refuse(`A coupon ${wanted} exists already: open it from the list.`);
    const file = `coupons/${wanted.toLowerCase()}.json`;
    draftStore(localStorage).save(file, newCoupon(wanted, indiaDate(new Date())), null);
    navigate(`/edit/${file}`);
  };

  return (
    <Modal heading="New coupon" closeLabel="Close" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <p>
          Choose the code students type. The coupon opens as a draft: choose its programmes, discount and
          days, then submit it for review.
        </p>
        <div className="st-field">
          <label htmlFor="st-new-code">Code students type</label>
          <p id="st-new-code-hint" className="st-help">
            Capital letters and digits, for example SAVE10. It cannot be changed later.
          </p>
          {error && (
            <p id="st-new-code-error" className="st-field-error">
              {error}
            </p>
          )}
          <input
            id="st-new-code"
            className="st-input"
            value={code}
            autoComplete="off"
            onChange={(e) => setCode(e.target.value.toUpperCase())}
            aria-invalid={error ? true : undefined}
            aria-describedby={`st-new-code-hint${error ? ' st-new-code-error' : ''}`}
          />
        </div>
        <div className="st-actions">
          <button type="submit" className="st-button">
            Create the draft
          </button>
          <button type="button" className="st-button st-button--secondary" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
