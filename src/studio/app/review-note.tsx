// The optional note for the reviewer beside a "Submit for review" button (the page editor, the
// texts): labelled for screen readers, its placeholder the same words.

export function ReviewNote({
  id,
  label = 'Note for the reviewer (optional)',
  className = 'st-input',
  value,
  onChange,
}: {
  id: string;
  /** What a screen reader hears when more than one note is on the screen. */
  label?: string;
  className?: string;
  value: string;
  onChange: (note: string) => void;
}) {
  return (
    <>
      <label className="ef-visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className={className}
        placeholder="Note for the reviewer (optional)"
        value={value}
        maxLength={500}
        onChange={(event) => onChange(event.target.value)}
      />
    </>
  );
}
