// The branch carousel (part 2 §2): centre name without its RCC, F+EC or ALC prefix (the server's
// center_label), address, up to four
// phone links, opening hours and a map link. The block's firstOnly (the spec's soloBranch) shows
// the first branch alone; NearestBranch is the payment-success page's widget (decision 009). The app
// reads the list (context.branches); a list that failed to load, or is empty, shows nothing.
import { telHref } from '../../../domain/phone';
import type { DashboardBlockComponent } from '../portal-context';
import { ScrollRow } from './carousel';

export const Branches: DashboardBlockComponent = ({ block, context }) => {
  const { t, branchesLoading: isLoading } = context;
  const all = context.branches ?? [];
  const branches = block.firstOnly ? all.slice(0, 1) : all;
  if (!isLoading && branches.length === 0) return null;
  return (
    <section className="ef-section ef-dash-branches" aria-labelledby="branches-heading">
      <h2 id="branches-heading">{t('portal.branches.heading')}</h2>
      {isLoading ? (
        <p role="status">{t('portal.branches.loading')}</p>
      ) : (
        <ScrollRow
          label={t('portal.branches.heading')}
          step={300}
          previous={t('portal.branches.previous')}
          next={t('portal.branches.next')}
        >
          {branches.map((branch) => (
            <li key={branch.center_name} className="ef-dash-branch">
              <h3>{branch.center_label}</h3>
              <p>{branch.address}</p>
              <ul className="ef-dash-phones" aria-label={t('portal.branches.phones')}>
                {branch.contact_numbers
                  .filter((phone) => phone.trim())
                  .slice(0, 4)
                  .map((phone) => (
                    <li key={phone}>
                      <a href={telHref(phone)}>{phone}</a>
                    </li>
                  ))}
              </ul>
              <p className="ef-dash-note">{t('portal.branches.open')}</p>
              {branch.location_url ? (
                <a href={branch.location_url} target="_blank" rel="noopener noreferrer">
                  {t('portal.branches.map')}
                  <span className="ef-visually-hidden">: {branch.center_label}</span>
                </a>
              ) : null}
            </li>
          ))}
        </ScrollRow>
      )}
    </section>
  );
};

/**
 * Where a branch list would be for a branch that has none (the digital-only branch, part 2 §1): the
 * student is told the team will call, not shown an empty carousel.
 */
export const TeamContact: DashboardBlockComponent = ({ context }) => (
  <section className="ef-section ef-dash-card ef-dash-contact" aria-labelledby="team-contact-heading">
    <h2 id="team-contact-heading">{context.t('portal.teamContact')}</h2>
  </section>
);
