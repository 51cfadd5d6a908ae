// The payment gateway's hand-over: a form posted to its page (part 2 §3 payment data).
import type { PaymentData } from '../generated/api/registration-signup';

/** Posts the gateway's form (part 2 §3 payment data) and leaves the page. */
export function postToGateway(payment: PaymentData) {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = payment.action_url;
  form.name = payment.form_name;
  const fields: Record<string, string | undefined> = { order_id: payment.order_id, ...payment.fields };
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
