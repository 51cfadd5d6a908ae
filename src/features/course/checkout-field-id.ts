// The id of a checkout field's control (rjsf's root_<name>; the terms checkbox has its own), so the
// app can focus the first invalid one without loading the form's code.
import type { CheckoutField } from '../../domain/checkout';

export const checkoutFieldId = (field: CheckoutField): string =>
  field === 'terms' ? 'checkout-terms' : `root_${field}`;
