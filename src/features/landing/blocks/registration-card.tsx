import { registrationCardData } from '../../../engine/registration-card';
import type { BlockComponent } from '../block-context';

/**
 * The registration card, prerendered: its first step (heading, the mobile / student-id field,
 * Verify) is in the page's HTML, rendered by the card's own view from the machine's initial
 * snapshot, so the island's script hydrates it instead of replacing it (decision 006). The region
 * says it is busy until then. Its props (the card's config slice and strings, ~10 KB) follow the
 * card as JSON text in a <template> (inert: never shown, never run, no inline script for the CSP
 * to allow), so they do not hold back the card's first paint.
 */
export const RegistrationCard: BlockComponent<'registration-card'> = ({ block, context }) => {
  const id = block.id ?? 'register_now';
  const headingId = `${id}-heading`;
  const propsId = `${id}-props`;
  const data = registrationCardData({ ...context, block, headingId });
  // Without the app's prerenderer (a block rendered on its own) the island renders it afresh.
  const card = context.prerenderRegistrationCard?.(data) ?? '';
  return (
    <>
      <section
        id={id}
        className="ef-register"
        aria-labelledby={headingId}
        aria-busy="true"
        data-island="registration-card"
        data-island-load="deferred"
        data-island-props-id={propsId}
        // What the page says, and offers, when the card's script fails to arrive.
        data-island-failed={context.t('registration.scriptFailed')}
        data-island-retry={context.t('registration.retry')}
        dangerouslySetInnerHTML={{ __html: card }}
      />
      <template id={propsId}>{JSON.stringify(data)}</template>
    </>
  );
};
