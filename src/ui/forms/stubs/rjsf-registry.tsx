// @rjsf/core's default registry cut to what examflow's form schemas use (decision 005): objects of
// strings (text, e-mail, selects; booleans and numbers kept for safety) with examflow's own theme
// widgets. The build puts this module in place of @rjsf/core's getDefaultRegistry.js, which imports
// every field, widget and template @rjsf ships (arrays, anyOf/oneOf, layout grids, file, colour,
// rating and date widgets). A schema that needs one of those still works: its stand-in here loads
// @rjsf's own piece on demand (rjsf-on-demand.ts, a chunk of its own) and renders it; the schemas
// in `schemas/forms` need none (rjsf-registry.test.tsx), so no page loads that chunk today.
import { DEFAULT_ID_PREFIX, DEFAULT_ID_SEPARATOR, englishStringTranslator } from '@rjsf/utils';
import type { Registry } from '@rjsf/utils';
import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import BaseInputTemplate from '@rjsf/core/lib/components/templates/BaseInputTemplate.js';
import ButtonTemplates from '@rjsf/core/lib/components/templates/ButtonTemplates/index.js';
import DescriptionField from '@rjsf/core/lib/components/templates/DescriptionField.js';
import ErrorList from '@rjsf/core/lib/components/templates/ErrorList.js';
import FieldErrorTemplate from '@rjsf/core/lib/components/templates/FieldErrorTemplate.js';
import FieldHelpTemplate from '@rjsf/core/lib/components/templates/FieldHelpTemplate.js';
import FieldTemplate from '@rjsf/core/lib/components/templates/FieldTemplate/index.js';
import ObjectFieldTemplate from '@rjsf/core/lib/components/templates/ObjectFieldTemplate.js';
import TitleField from '@rjsf/core/lib/components/templates/TitleField.js';
import UnsupportedField from '@rjsf/core/lib/components/templates/UnsupportedField.js';
import WrapIfAdditionalTemplate from '@rjsf/core/lib/components/templates/WrapIfAdditionalTemplate.js';
import CheckboxWidget from '@rjsf/core/lib/components/widgets/CheckboxWidget.js';
import EmailWidget from '@rjsf/core/lib/components/widgets/EmailWidget.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import SelectWidget from '@rjsf/core/lib/components/widgets/SelectWidget.js';
import TextareaWidget from '@rjsf/core/lib/components/widgets/TextareaWidget.js';
import TextWidget from '@rjsf/core/lib/components/widgets/TextWidget.js';

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

const onDemandPieces = (kind: Kind, names: string[]) =>
  Object.fromEntries(names.map((name) => [name, onDemand(kind, name)]));

export default function getDefaultRegistry(): Omit<Registry, 'schemaUtils'> {
  return {
    fields: {
      AnyOfField: onDemand('fields', 'AnyOfField'),
      ArrayField: onDemand('fields', 'ArrayField'),
      BooleanField,
      CyclicSchemaField: onDemand('fields', 'CyclicSchemaField'),
      FallbackField: onDemand('fields', 'FallbackField'),
      LayoutGridField: onDemand('fields', 'LayoutGridField'),
      LayoutHeaderField: onDemand('fields', 'LayoutHeaderField'),
      LayoutMultiSchemaField: onDemand('fields', 'LayoutMultiSchemaField'),
      NumberField,
      ObjectField,
      OneOfField: onDemand('fields', 'OneOfField'),
      OptionalDataControlsField: onDemand('fields', 'OptionalDataControlsField'),
      SchemaField,
      StringField,
      NullField,
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
      ]),
      ButtonTemplates: ButtonTemplates(),
      BaseInputTemplate,
      DescriptionFieldTemplate: DescriptionField,
      ErrorListTemplate: ErrorList,
      FieldTemplate,
      FieldErrorTemplate,
      FieldHelpTemplate,
      ObjectFieldTemplate,
      TitleFieldTemplate: TitleField,
      UnsupportedFieldTemplate: UnsupportedField,
      WrapIfAdditionalTemplate,
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
      ]),
      CheckboxWidget,
      EmailWidget,
      HiddenWidget,
      SelectWidget,
      TextWidget,
      TextareaWidget,
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
