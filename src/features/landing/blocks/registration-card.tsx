import { registrationCardData } from '../../../engine/registration-card';
import type { BlockComponent } from '../block-context';

/**
 * Where the registration card island mounts. The region keeps the card's minimum height (CSS) so
 * mounting it causes no layout shift; its props are the card's config slice and strings.
 */
export const RegistrationCard: BlockComponent<'registration-card'> = ({ block, context }) => {
  const id = block.id ?? 'register_now';
  const headingId = `${id}-heading`;
  const data = registrationCardData({ ...context, block, headingId });
  return (
    <section
      id={id}
      className="ef-register"
      aria-labelledby={headingId}
      data-island="registration-card"
      data-island-props={JSON.stringify(data)}
    >
      <h2 id={headingId} className="ef-register__heading">
        {block.heading ?? context.t('registration.heading')}
      </h2>
      <p className="ef-register__placeholder">{context.t('registration.placeholder')}</p>
    </section>
  );
};
