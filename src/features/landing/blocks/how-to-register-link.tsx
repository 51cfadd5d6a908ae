import type { BlockComponent } from '../block-context';
import { LinkTo } from '../parts';

export const HowToRegisterLink: BlockComponent<'how-to-register-link'> = ({ block, context }) => (
  <p className="ef-container ef-how-to">
    <LinkTo
      className="ef-how-to__link"
      link={{ label: block.label ?? context.t('howToRegister.link'), href: `#${block.target}` }}
    />
  </p>
);
