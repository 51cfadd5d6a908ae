// @rjsf/core's default registry cut to what examflow's form schemas use (decision 005): objects of
// strings, drawn by examflow's own theme widgets and templates (so @rjsf's own widgets and
// templates are not kept either). The build puts this module in place of @rjsf/core's getDefaultRegistry.js, which imports
// every field, widget and template @rjsf ships (arrays, anyOf/oneOf, layout grids, file, colour,
// rating and date widgets). A schema that needs one of those still works: its stand-in here loads
// @rjsf's own piece on demand (rjsf-on-demand.ts, a chunk of its own) and renders it; the schemas
// in `schemas/forms` need none (rjsf-registry.test.tsx), so no page loads that chunk today.
import { DEFAULT_ID_PREFIX, DEFAULT_ID_SEPARATOR, englishStringTranslator } from '@rjsf/utils';
import type { Registry } from '@rjsf/utils';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import ButtonTemplates from '@rjsf/core/lib/components/templates/ButtonTemplates/index.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';

type Kind = 'fields' | 'templates' | 'widgets';
type Piece = ComponentType<object>;
type Stand = (props: object) => ReactElement;

/** Memoised per name: React.lazy must get the same component on every render. */
const loaded = new Map<string, Stand>();

/**
 * In place of a piece the cut registry leaves out: @rjsf's own, fetched with the whole registry
 * the first time a form renders it (nothing shows meanwhile, then the piece as @rjsf draws it).
 */
function onDemand(kind: Kind, name: string): Stand {
  const key = `${kind}.${name}`;
  const known = loaded.get(key);
  if (known) return known;
  const Real = lazy(async () => {
    const { fullRegistry } = await import('./rjsf-on-demand');
    const pieces = fullRegistry()[kind] as unknown as Record<string, Piece | undefined>;
    const piece = pieces[name];
    if (!piece) throw new Error(`@rjsf's registry has no ${kind} ${name}`);
    return { default: piece };
  });
  function OnDemand(props: object) {
    return (
      <Suspense fallback={null}>
        <Real {...props} />
      </Suspense>
    );
  }
  OnDemand.displayName = `OnDemand(${name})`;
  loaded.set(key, OnDemand);
  return OnDemand;
}

/**
 * What examflow's theme (ui/forms/theme.tsx) puts in place of @rjsf's own: every examflow form is
 * themed (schema-form, edit-exam-form, checkout-form), so @rjsf's pieces of these names never
 * render there (rjsf-registry.test.tsx checks the theme still replaces each).
 */
export const THEMED_WIDGETS = ['TextWidget', 'EmailWidget', 'SelectWidget'];
export const THEMED_TEMPLATES = ['FieldTemplate', 'FieldErrorTemplate', 'ObjectFieldTemplate'];
/**
 * Templates no themed examflow form renders: @rjsf's own field, object and input templates (which
 * the theme replaces) are what draw titles, descriptions, help, extra properties and the input
 * base; the theme's field template draws only the widget; every form passes showErrorList={false}
 * (the errors show at each field); and every field of the form schemas is a supported type.
 */
export const NEVER_SHOWN_TEMPLATES = [
  'BaseInputTemplate',
  'DescriptionFieldTemplate',
  'ErrorListTemplate',
  'FieldHelpTemplate',
  'TitleFieldTemplate',
  'UnsupportedFieldTemplate',
  'WrapIfAdditionalTemplate',
];

const onDemandPieces = (kind: Kind, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, onDemand(kind, name)]));

export default function getDefaultRegistry(): Omit<Registry, 'schemaUtils'> {
  return {
    fields: {
      AnyOfField: onDemand('fields', 'AnyOfField'),
      ArrayField: onDemand('fields', 'ArrayField'),
      BooleanField: onDemand('fields', 'BooleanField'),
      CyclicSchemaField: onDemand('fields', 'CyclicSchemaField'),
      FallbackField: onDemand('fields', 'FallbackField'),
      LayoutGridField: onDemand('fields', 'LayoutGridField'),
      LayoutHeaderField: onDemand('fields', 'LayoutHeaderField'),
      LayoutMultiSchemaField: onDemand('fields', 'LayoutMultiSchemaField'),
      NumberField: onDemand('fields', 'NumberField'),
      ObjectField,
      OneOfField: onDemand('fields', 'OneOfField'),
      OptionalDataControlsField: onDemand('fields', 'OptionalDataControlsField'),
      SchemaField,
      StringField,
      NullField: onDemand('fields', 'NullField'),
    },
    templates: {
      ...onDemandPieces('templates', [
        'ArrayFieldDescriptionTemplate',
        'ArrayFieldItemTemplate',
        'ArrayFieldItemButtonsTemplate',
        'ArrayFieldTemplate',
        'ArrayFieldTitleTemplate',
        'CyclicSchemaExpandTemplate',
        'FallbackFieldTemplate',
        'GridTemplate',
        'MultiSchemaFieldTemplate',
        'OptionalDataControlsTemplate',
        ...THEMED_TEMPLATES,
        ...NEVER_SHOWN_TEMPLATES,
      ]),
      ButtonTemplates: ButtonTemplates(),
    } as Registry['templates'],
    widgets: {
      ...onDemandPieces('widgets', [
        'AltDateWidget',
        'AltDateTimeWidget',
        'CheckboxesWidget',
        'ColorWidget',
        'DateWidget',
        'DateTimeWidget',
        'FileWidget',
        'PasswordWidget',
        'RadioWidget',
        'RangeWidget',
        'RatingWidget',
        'TimeWidget',
        'UpDownWidget',
        'URLWidget',
        'CheckboxWidget',
        'TextareaWidget',
        ...THEMED_WIDGETS,
      ]),
      // A field a step leaves out is drawn hidden (form-steps.tsx, edit-exam-form.tsx).
      HiddenWidget,
    },
    rootSchema: {},
    formContext: {},
    translateString: englishStringTranslator,
    globalFormOptions: {
      idPrefix: DEFAULT_ID_PREFIX,
      idSeparator: DEFAULT_ID_SEPARATOR,
      useFallbackUiForUnsupportedType: false,
    },
  };
}
