// The @rjsf widget of a text shown as HTML (schema-bundle.ts gives it to every field whose schema
// says contentMediaType text/html). Its editor (TipTap, about 100 KB) is a chunk of its own, loaded
// when such a field is first drawn: the Studio's other screens never load it (decision 058).
import type { RJSFSchema, WidgetProps } from '@rjsf/utils';
import { lazy, Suspense } from 'react';
import { itemLabel } from './item-label';
import type { StudioFormContext } from './studio-form-context';

const RichTextEditor = lazy(() => import('./rich-text-editor'));

export function RichTextWidget(props: WidgetProps<unknown, RJSFSchema, StudioFormContext>) {
  const { id, value, onChange, onFocus, onBlur, rawErrors, required, disabled, readonly, label } = props;
  const text = typeof value === 'string' ? value : '';
  const name = itemLabel(label);
  return (
    <Suspense
      fallback={
        <p className="st-rich st-rich--loading" id={id} tabIndex={-1} aria-busy="true">
          Loading the text editor…
        </p>
      }
    >
      <RichTextEditor
        id={id}
        label={name}
        value={text}
        onChange={onChange}
        onFocus={() => onFocus(id, value)}
        onBlur={() => onBlur(id, value)}
        describedBy={`${id}__error ${id}__description ${id}__help`}
        invalid={(rawErrors?.length ?? 0) > 0}
        required={required ?? false}
        disabled={Boolean(disabled || readonly)}
      />
    </Suspense>
  );
}
