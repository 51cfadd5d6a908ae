import type { Translate } from '../../engine/i18n';

interface NotFoundScreenProps {
  loginPath: string;
  websiteUrl: string;
  t: Translate;
}

export function NotFoundScreen({ loginPath, websiteUrl, t }: NotFoundScreenProps) {
  return (
    <section className="ef-screen ef-not-found" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">{t('notFound.title')}</h1>
      <p>{t('notFound.text')}</p>
      <ul className="ef-screen__links">
        <li>
          <a className="ef-button ef-button--primary" href={loginPath}>
            {t('notFound.login')}
          </a>
        </li>
        <li>
          <a className="ef-button" href={websiteUrl}>
            {t('notFound.website')}
          </a>
        </li>
      </ul>
    </section>
  );
}
