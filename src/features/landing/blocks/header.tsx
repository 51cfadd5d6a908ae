import type { BlockComponent } from '../block-context';
import { telHref } from '../../../domain/phone';

export const Header: BlockComponent<'header'> = ({ block, context }) => {
  const { site, programme, t } = context;
  const { logo } = site.brand;
  const phone = programme.support.phone;
  return (
    <header className="ef-header">
      <div className="ef-container ef-header__inner">
        <a className="ef-header__home" href="/">
          {/* The link's name says where it goes, not what the logo looks like. */}
          <img
            src={logo.src}
            alt={t('header.home', { brand: site.brand.providerName })}
            width={logo.width}
            height={logo.height}
            decoding="async"
          />
        </a>
        {block.showCallUs === false ? null : (
          <a className="ef-header__call" href={telHref(phone)}>
            <span className="ef-header__call-words">{t('header.callUs')}</span>{' '}
            <span className="ef-header__phone">{phone}</span>
          </a>
        )}
      </div>
    </header>
  );
};
