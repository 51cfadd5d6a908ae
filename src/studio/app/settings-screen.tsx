// A document the Studio has no form for (the site's settings, its host names):
// said in words, with its history one click away, instead of an empty page form.
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';

/** The documents the editor has a form for. */
export const hasEditorForm = (path: string): boolean =>
  /^(landings|programmes|coupons)\/[^/]+\.json$/.test(path);

/** A string table (i18n/<locale>.json): the Texts screen edits it. */
export const isTextTable = (path: string): boolean => /^i18n\/[^/]+\.json$/.test(path);

const NAMES: Record<string, string> = {
  'site.json': 'Site settings',
  'hosts.json': 'Site addresses',
};

export function SettingsScreen() {
  const path = useParams()['*'] ?? '';
  const name = NAMES[path] ?? 'Settings';
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <main id="main" className="st-main" tabIndex={-1}>
      <Link to="/">All pages</Link>
      <h1 ref={heading} tabIndex={-1}>
        {name}
      </h1>
      <p className="st-lead">
        These settings apply to the whole site (its name, contact details, footer and which page each address
        shows). They are changed by the developers and reviewed with them, so the Studio has no form for them.
        To change one, ask a developer.
      </p>
      <p>
        <Link to={`/history/${path}`}>See who changed them and when</Link>
      </p>
    </main>
  );
}
