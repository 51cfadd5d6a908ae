import type { Site } from '../../../generated/config/site';
import type { BlockComponent } from '../block-context';
import { telHref } from '../../../domain/phone';

export const Footer: BlockComponent<'footer'> = ({ context }) => {
  const { site, t } = context;
  const { footer } = site;
  const provider = site.brand.providerName;
  // The configured year, else the year the page is built (footers are prerendered, never hydrated).
  const year = footer.copyrightYear ?? new Date().getFullYear();
  return (
    <footer className="ef-footer">
      <div className="ef-container ef-footer__grid">
        <div>
          <h2 className="ef-footer__heading">{t('footer.address')}</h2>
          <address className="ef-footer__address">
            <p>
              {(context.landing.locale === 'en'
                ? undefined
                : footer.translations?.[context.landing.locale]?.address) ?? footer.address}
            </p>
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
                    {t('ui.footer.social', { provider, network: networkName[s.network] })}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div>
          <h2 className="ef-footer__heading">{t('footer.app')}</h2>
          <p>
            <a href={footer.appLink.href}>{t('ui.footer.appLink', { provider })}</a>
          </p>
        </div>
      </div>
      <div className="ef-container ef-footer__legal">
        <p>{t('ui.footer.copyright', { year, provider })}</p>
        <p>{t('footer.version', { version: site.versionBanner })}</p>
      </div>
    </footer>
  );
};

/** Networks' own names, the same in every language. */
const networkName: Record<Site['footer']['social'][number]['network'], string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  x: 'X',
  linkedin: 'LinkedIn',
  telegram: 'Telegram',
};
