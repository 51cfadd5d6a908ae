// Every programme and landing variant, searchable by anything shown; each opens in the editor or is
// the start of a new variant.
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { showDateTime } from '../../domain/dates';
import { draftStore } from '../model/draft-store';
import { lastDays, percent, variantKey, weekFigures, type WeekFigures } from '../model/funnel-view';
import { CouponList } from './coupon-list';
import { loadLaterParts } from './later-parts';
import { NewVariantDialog } from './new-variant-dialog';
import { UnusedImages } from './unused-images';
import { canPublish, isAdmin, useStaff } from './signed-in';
import { useStudioApi } from './studio-form-context';
import type { FileList, LandingSummary } from './studio-api';

const LANGUAGES: Record<string, string> = { en: 'English', hi: 'Hindi' };

/** When a page last changed, in India time: 5 Dec 2026 (Saturday), 02:05 PM. */
export const readableDate = (iso: string): string => showDateTime(iso);

function matches(query: string, fields: string[]): boolean {
  const q = query.trim().toLowerCase();
  return !q || fields.some((f) => f.toLowerCase().includes(q));
}

/** What only a developer needs of a page or programme, one click away: its key and sites. */
function TechnicalDetails({ facts }: { facts: [string, string][] }) {
  return (
    <details className="st-more">
      <summary>Technical details</summary>
      <dl className="st-facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/** A variant's last 7 days; "–" without visits, nothing while loading or without a database. */
function WeekCells({ figures, loaded }: { figures: WeekFigures | undefined; loaded: boolean }) {
  if (!loaded)
    return (
      <>
        <td />
        <td />
      </>
    );
  return (
    <>
      <td className="st-figure">{(figures?.visitors ?? 0).toLocaleString('en-IN')}</td>
      <td className="st-figure">{percent(figures?.registered ?? null)}</td>
    </>
  );
}

/** A row's way to its history: every version, compare, roll back. */
function HistoryLink({ path, title }: { path: string; title: string }) {
  return (
    <Link to={`/history/${path}`} className="st-row-link" aria-label={`History of ${title}`}>
      History
    </Link>
  );
}

export function HomePage() {
  const api = useStudioApi();
  const staff = useStaff();
  const [files, setFiles] = useState<FileList | null>(null);
  const [error, setError] = useState('');
  const [query, setQuery] = useState('');
  const [source, setSource] = useState<LandingSummary | null>(null);
  const drafts = useMemo(() => new Set(draftStore(localStorage).paths()), []);
  // Each variant's last 7 days, when the portal's database has them (the list never waits for it).
  const [week, setWeek] = useState<Map<string, WeekFigures> | null>(null);
  const [weekNote, setWeekNote] = useState('');

  useEffect(() => {
    api.funnel(lastDays(new Date(), 7)).then(
      (answer) => {
        if (answer.variants) {
          setWeek(weekFigures(answer.variants));
          if (answer.variants.some((v) => v.sandboxVisitors > 0))
            setWeekNote('the last 7 days include demo visits made up by the sandbox.');
        } else setWeekNote(answer.unavailable);
      },
      () => setWeekNote('The visits of the last 7 days could not be read.'),
    );
  }, [api]);

  useEffect(() => {
    api.listFiles().then(
      (list) => {
        setFiles(list);
        loadLaterParts();
      },
      (e: Error) => setError(e.message),
    );
  }, [api]);

  const landings = (files?.landings ?? []).filter((l) =>
    matches(query, [
      l.title,
      ...l.paths,
      ...l.hosts,
      l.locale,
      LANGUAGES[l.locale] ?? '',
      l.variantKey,
      l.programme,
      l.path,
      readableDate(l.modified),
    ]),
  );
  const programmes = (files?.programmes ?? []).filter((p) =>
    matches(query, [p.title, p.id, p.path, readableDate(p.modified)]),
  );
  const coupons = (files?.coupons ?? []).filter((c) =>
    matches(query, [c.code, ...c.programmes, c.validFrom, c.validUntil, 'coupon']),
  );
  const programmeTitle = (id: string) => files?.programmes.find((p) => p.id === id)?.title ?? id;
  const listed = new Set((files?.landings ?? []).map((l) => l.path));
  const unpublished = [...drafts].filter((d) => d.startsWith('landings/') && !listed.has(d));

  return (
    <main id="main" className="st-main" tabIndex={-1}>
      <h1>examflow Studio</h1>
      <p className="st-lead">
        Choose a page or a <a href="#st-coupons-title">coupon</a> to edit, or start a new variant from a copy
        of a page. See how each variant converts in the <Link to="/funnel">Funnel</Link>, test versions of a
        page against each other in <Link to="/experiments">Experiments</Link>
        {canPublish(staff) ? (
          <>
            , approve, publish and schedule changes in the <Link to="/inbox">Inbox</Link>, and see what
            everyone did in the <Link to="/activity">Activity</Link>.
          </>
        ) : (
          <>
            ; follow your changes in <Link to="/inbox">Your changes in review</Link>.
          </>
        )}{' '}
        {isAdmin(staff) && (
          <>
            Add people and change their roles in <Link to="/people">People</Link>.
          </>
        )}
      </p>
      <div className="st-field st-search">
        <label htmlFor="st-search">Search pages, programmes and coupons</label>
        <input
          id="st-search"
          type="search"
          className="st-input"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-describedby="st-search-hint"
        />
        <p id="st-search-hint" className="st-help">
          By title, address, language, programme, coupon code or date.
        </p>
      </div>
      {error && <p role="alert">{error}</p>}
      <p role="status" className="st-status-line">
        {files
          ? `${landings.length} of ${files.landings.length} pages, ${programmes.length} of ${files.programmes.length} programmes, ${coupons.length} of ${files.coupons.length} coupons`
          : 'Loading…'}
      </p>
      {unpublished.length > 0 && (
        <section aria-labelledby="st-drafts-title">
          <h2 id="st-drafts-title">New pages not published yet</h2>
          <ul>
            {unpublished.map((d) => (
              <li key={d}>
                <Link to={`/edit/${d}`}>{d}</Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-labelledby="st-landings-title">
        <h2 id="st-landings-title">Landing pages</h2>
        {weekNote && <p className="st-muted">Visits: {weekNote}</p>}
        <div className="st-table-wrap">
          <table className="st-table" aria-labelledby="st-landings-title">
            <thead>
              <tr>
                <th scope="col">Title</th>
                <th scope="col">Addresses</th>
                <th scope="col">Language</th>
                <th scope="col">Programme</th>
                <th scope="col">Last change</th>
                <th scope="col">Visitors, last 7 days</th>
                <th scope="col">Page view → registered</th>
                <th scope="col" className="st-actions-cell">
                  <span className="ef-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {landings.map((l) => (
                <tr key={l.path}>
                  <th scope="row">
                    <Link to={`/edit/${l.path}`}>{l.title}</Link>
                    {drafts.has(l.path) && <span className="st-badge">Unpublished changes</span>}
                  </th>
                  <td>{l.paths.join(', ')}</td>
                  <td>{LANGUAGES[l.locale] ?? l.locale}</td>
                  <td>{programmeTitle(l.programme)}</td>
                  <td>{readableDate(l.modified)}</td>
                  <WeekCells
                    figures={week?.get(variantKey({ programme: l.programme, variant: l.variantKey }))}
                    loaded={week !== null}
                  />
                  <td className="st-actions-cell">
                    <div className="st-row-actions">
                      <button
                        type="button"
                        className="st-button st-button--small st-button--secondary"
                        onClick={() => setSource(l)}
                        aria-label={`New variant from ${l.title}`}
                      >
                        New variant from…
                      </button>
                      <HistoryLink path={l.path} title={l.title} />
                    </div>
                    <TechnicalDetails
                      facts={[
                        ['Variant name in reports', l.variantKey],
                        ['File', l.path],
                        ['Sites', l.hosts.join(', ')],
                      ]}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="st-programmes-title">
        <h2 id="st-programmes-title">Programmes</h2>
        <div className="st-table-wrap">
          <table className="st-table" aria-labelledby="st-programmes-title">
            <thead>
              <tr>
                <th scope="col">Programme</th>
                <th scope="col">Last change</th>
                <th scope="col" className="st-actions-cell">
                  <span className="ef-visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {programmes.map((p) => (
                <tr key={p.path}>
                  <th scope="row">
                    <Link to={`/edit/${p.path}`}>{p.title}</Link>
                    {drafts.has(p.path) && <span className="st-badge">Unpublished changes</span>}
                  </th>
                  <td>{readableDate(p.modified)}</td>
                  <td className="st-actions-cell">
                    <HistoryLink path={p.path} title={p.title} />
                    <TechnicalDetails
                      facts={[
                        ['Programme name in reports', p.id],
                        ['File', p.path],
                      ]}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <section aria-labelledby="st-texts-title">
        <h2 id="st-texts-title">Texts of the registration card, login and dashboard</h2>
        <p>
          The buttons, headings and messages students read around the pages, in English and Hindi.{' '}
          <Link to="/texts">Edit the texts</Link>
        </p>
      </section>
      {files && <CouponList coupons={coupons} all={files.coupons} programmes={files.programmes} />}
      {canPublish(staff) && <UnusedImages />}
      {source && files && (
        <NewVariantDialog
          source={source}
          landings={files.landings}
          programmes={files.programmes.map((p) => p.path)}
          onClose={() => setSource(null)}
        />
      )}
    </main>
  );
}
