// A coupon's two fields that its schema alone would draw badly: the discount (a percentage or
// rupees, not "Option 1 / Option 2") and the programmes (ticked by name, not typed as ids). Both
// are money: each change asks first, as a fee does (formContext.confirmMoney, the editor's dialog).
import type { FieldProps, RJSFSchema } from '@rjsf/utils';
import { useId, useState } from 'react';
import { usePageNames } from './page-names';
import type { StudioFormContext } from './studio-form-context';

type Discount = { percent: number } | { amount: number };

const isDiscount = (value: unknown): value is Partial<Record<'percent' | 'amount', number>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function CouponDiscountField(props: FieldProps<unknown, RJSFSchema, StudioFormContext>) {
  const { formData, onChange, fieldPathId, registry, disabled, readonly, rawErrors } = props;
  const id = fieldPathId.$id;
  const current = isDiscount(formData) ? formData : {};
  const kind: 'percent' | 'amount' = current.amount !== undefined ? 'amount' : 'percent';
  const committed = current[kind];
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (committed === undefined ? '' : String(committed));
  const commit = async (next: Discount | undefined) => {
    setText(null);
    if (JSON.stringify(next) === JSON.stringify(formData)) return;
    if (await registry.formContext.confirmMoney('/discount', formData, next))
      onChange(next, fieldPathId.path);
  };
  const typed = () => {
    if (text === null) return;
    const n = Number(text);
    if (text.trim() === '' || !Number.isFinite(n)) return setText(null);
    void commit(kind === 'amount' ? { amount: n } : { percent: n });
  };
  const off = disabled || readonly;
  // rjsf's field template lists the field's problems under it, with this id.
  const errorId = `${id}__error`;
  return (
    <fieldset className="st-discount" id={id} aria-describedby={rawErrors?.length ? errorId : undefined}>
      <legend>Discount</legend>
      <p className="st-help">What the coupon takes off the exam fee.</p>
      <div role="radiogroup" aria-label="Kind of discount" className="st-discount__kinds">
        {(['percent', 'amount'] as const).map((k) => (
          <label key={k} className="st-radio">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={kind === k}
              disabled={off}
              onChange={() => {
                const n = Number(shown) || 1;
                void commit(k === 'amount' ? { amount: n } : { percent: Math.min(n, 100) });
              }}
            />{' '}
            {k === 'percent' ? 'A percentage of the fee' : 'An amount in rupees'}
          </label>
        ))}
      </div>
      <label htmlFor={`${id}-value`} className="st-label">
        {kind === 'percent' ? 'Percentage off' : 'Rupees off'}
      </label>
      <div className="st-money">
        {kind === 'amount' && <span aria-hidden="true">₹</span>}
        <input
          id={`${id}-value`}
          className="st-input"
          type="number"
          inputMode="numeric"
          min={1}
          max={kind === 'percent' ? 100 : undefined}
          value={shown}
          disabled={off}
          aria-invalid={rawErrors?.length ? true : undefined}
          aria-describedby={`${id}-note${rawErrors?.length ? ` ${errorId}` : ''}`}
          onChange={(e) => setText(e.target.value)}
          onBlur={typed}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              typed();
            }
          }}
        />
        {kind === 'percent' && <span aria-hidden="true">%</span>}
        <span className="st-money__note" id={`${id}-note`}>
          Decides what students pay: you will be asked to confirm a change.
        </span>
      </div>
    </fieldset>
  );
}

export function CouponProgrammesField(props: FieldProps<unknown, RJSFSchema, StudioFormContext>) {
  const { formData, onChange, fieldPathId, registry, disabled, readonly, rawErrors } = props;
  const names = usePageNames();
  const hint = useId();
  const id = fieldPathId.$id;
  const chosen = Array.isArray(formData) ? formData.map(String) : [];
  const known = (names?.programmes ?? []).map((p) => ({ id: p.id, title: p.title || p.id }));
  // A programme the coupon names that the Studio does not list keeps its box (nothing changes unseen).
  const all = [
    ...known,
    ...chosen.filter((c) => !known.some((p) => p.id === c)).map((c) => ({ id: c, title: c })),
  ];
  const toggle = async (programme: string, on: boolean) => {
    const next = all.map((p) => p.id).filter((p) => (p === programme ? on : chosen.includes(p)));
    if (await registry.formContext.confirmMoney('/programmes', formData, next))
      onChange(next, fieldPathId.path);
  };
  // rjsf's field template lists the field's problems under it, with this id.
  const errorId = `${id}__error`;
  return (
    <fieldset
      className="st-money st-money--choices"
      id={id}
      aria-describedby={`${hint}${rawErrors?.length ? ` ${errorId}` : ''}`}
    >
      <legend>Programmes</legend>
      <p className="st-help" id={hint}>
        Whose exam fee it lowers: tick one or more.
      </p>
      {!names && <p className="st-muted">Loading the programmes…</p>}
      {all.map((p) => (
        <label key={p.id} className="st-check">
          <input
            type="checkbox"
            checked={chosen.includes(p.id)}
            disabled={disabled || readonly}
            onChange={(e) => void toggle(p.id, e.target.checked)}
          />{' '}
          {p.title}
        </label>
      ))}
      <span className="st-money__note">
        Decides what students pay: you will be asked to confirm a change.
      </span>
    </fieldset>
  );
}

export const couponFields = {
  'coupon-discount': CouponDiscountField,
  'coupon-programmes': CouponProgrammesField,
};
