// @rjsf/core's default registry cut to what examflow's form schemas use (decision 005): objects of
// strings (text, e-mail, selects; booleans and numbers kept for safety) with examflow's own theme
// widgets. The build puts this module in place of @rjsf/core's getDefaultRegistry.js, which imports
// every field, widget and template @rjsf ships (arrays, anyOf/oneOf, layout grids, file, colour,
// rating and date widgets). A schema that needs one of those shows the field's name in a clear
// message; `schemas/forms` is checked for such schemas (tests/unit/form-schemas.test.ts).
import { DEFAULT_ID_PREFIX, DEFAULT_ID_SEPARATOR, englishStringTranslator } from '@rjsf/utils';
import type { FieldProps, Registry } from '@rjsf/utils';
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

/** In place of a field examflow's forms do not load: says which, instead of failing silently. */
const notLoaded = (name: string) =>
  function NotLoaded(props: FieldProps) {
    return (
      <p role="alert">
        {props.fieldPathId.$id}: this form needs @rjsf&apos;s {name}, which examflow does not load.
      </p>
    );
  };

export default function getDefaultRegistry(): Omit<Registry, 'schemaUtils'> {
  return {
    fields: {
      AnyOfField: notLoaded('AnyOfField'),
      ArrayField: notLoaded('ArrayField'),
      BooleanField,
      CyclicSchemaField: notLoaded('CyclicSchemaField'),
      FallbackField: notLoaded('FallbackField'),
      LayoutGridField: notLoaded('LayoutGridField'),
      LayoutHeaderField: notLoaded('LayoutHeaderField'),
      LayoutMultiSchemaField: notLoaded('LayoutMultiSchemaField'),
      NumberField,
      ObjectField,
      OneOfField: notLoaded('OneOfField'),
      OptionalDataControlsField: notLoaded('OptionalDataControlsField'),
      SchemaField,
      StringField,
      NullField,
    },
    templates: {
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
    widgets: { CheckboxWidget, EmailWidget, HiddenWidget, SelectWidget, TextWidget, TextareaWidget },
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
