import type { BlockComponent } from '../block-context';
import { LinkTo } from '../parts';

export const LegalLinks: BlockComponent<'legal-links'> = ({ block, context }) => {
  const { t } = context;
  const links = block.links ?? [
    { label: t('legal.terms'), href: context.programme.termsLink },
    { label: t('legal.privacy'), href: context.site.legal.privacyLink },
  ];
  return (
    <div className="ef-container">
      <ul className="ef-legal">
        {links.map((link, i) => (
          <li key={i}>
            <LinkTo link={link} />
          </li>
        ))}
      </ul>
    </div>
  );
};
