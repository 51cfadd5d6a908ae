import type { BlockComponent } from '../block-context';
import { telHref } from '../parts';

export const Footer: BlockComponent<'footer'> = ({ context }) => {
  const { site, t } = context;
  const { footer } = site;
  return (
    <footer className="ef-footer">
      <div className="ef-container ef-footer__grid">
        <div>
          <h2 className="ef-footer__heading">{t('footer.address')}</h2>
          <address className="ef-footer__address">
            <p>{footer.address}</p>
            <p>
              {t('footer.phone')}: <a href={telHref(footer.phone)}>{footer.phone}</a>
            </p>
            <p>
              {t('footer.email')}: <a href={`mailto:${footer.email}`}>{footer.email}</a>
            </p>
          </address>
        </div>
        {footer.social.length ? (
          <div>
            <h2 className="ef-footer__heading">{t('footer.follow')}</h2>
            <ul className="ef-footer__social">
              {footer.social.map((s) => (
                <li key={s.href}>
                  <a href={s.href} data-network={s.network}>
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div>
          <h2 className="ef-footer__heading">{t('footer.app')}</h2>
          <p>
            <a href={footer.appLink.href}>{footer.appLink.label}</a>
          </p>
        </div>
      </div>
      <div className="ef-container ef-footer__legal">
        <p>{footer.copyright}</p>
        <p>{t('footer.version', { version: site.versionBanner })}</p>
      </div>
    </footer>
  );
};
