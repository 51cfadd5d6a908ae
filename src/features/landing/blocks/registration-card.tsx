import type { BlockComponent } from '../block-context';

/**
 * Where the registration card mounts (a later issue). The region keeps the card's minimum
 * height (CSS) so mounting it causes no layout shift.
 */
export const RegistrationCard: BlockComponent<'registration-card'> = ({ block, context }) => {
  const id = block.id ?? 'register_now';
  const headingId = `${id}-heading`;
  return (
    <section id={id} className="ef-register" aria-labelledby={headingId} data-island="registration-card">
      <h2 id={headingId} className="ef-register__heading">
        {block.heading ?? context.t('registration.heading')}
      </h2>
      <p className="ef-register__placeholder">{context.t('registration.placeholder')}</p>
    </section>
  );
};
