// The editor form's validator, precompiled from the Studio's schemas (scripts/compile-form-
// validators.ts, DESIGN.md decision 4): no `new Function` in the browser, so the Studio's page keeps
// a CSP without 'unsafe-eval' as the site's pages do. Each kind's validators load with its editor.
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8/lib/types.js';
import { useEffect, useState } from 'react';
import { SCHEMAS, type FileKind } from './schema-bundle';

const LOADERS: Record<FileKind, () => Promise<ValidatorFunctions>> = {
  landing: () => import('../../generated/forms/studio-landing.cjs').then((m) => m.default),
  programme: () => import('../../generated/forms/studio-programme.cjs').then((m) => m.default),
  coupon: () => import('../../generated/forms/studio-coupon.cjs').then((m) => m.default),
};

const loaded = new Map<FileKind, Promise<ValidatorType<unknown, RJSFSchema>>>();

export function loadStudioValidator(kind: FileKind): Promise<ValidatorType<unknown, RJSFSchema>> {
  let validator = loaded.get(kind);
  if (!validator) {
    validator = LOADERS[kind]().then((functions) =>
      createPrecompiledValidator<unknown, RJSFSchema>(functions, SCHEMAS[kind]),
    );
    loaded.set(kind, validator);
    validator.catch(() => loaded.delete(kind));
  }
  return validator;
}

/** The kind's validator once loaded (null until then, or an error to show). */
export function useStudioValidator(kind: FileKind): ValidatorType<unknown, RJSFSchema> | Error | null {
  const [state, setState] = useState<{
    kind: FileKind;
    validator: ValidatorType<unknown, RJSFSchema> | Error;
  } | null>(null);
  useEffect(() => {
    let live = true;
    loadStudioValidator(kind).then(
      (validator) => live && setState({ kind, validator }),
      (error: Error) => live && setState({ kind, validator: error }),
    );
    return () => {
      live = false;
    };
  }, [kind]);
  return state?.kind === kind ? state.validator : null;
}
