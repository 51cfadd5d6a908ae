// "Make a preview link": a link to one version's page that anyone can open without signing in (a
// lead on a phone) until it expires, with a Copy button and the expiry in India time.
import { useEffect, useId, useRef, useState } from 'react';
import { indiaTime } from '../model/version-words';
import type { PreviewLink } from './studio-api';

export function PreviewLinkBox({ link }: { link: PreviewLink }) {
  const id = useId();
  const [copied, setCopied] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const url = new URL(link.url, window.location.origin).toString();
  useEffect(() => input.current?.focus(), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Link copied.');
    } catch {
      input.current?.select();
      setCopied('The link is selected: copy it with Ctrl+C.');
    }
  };

  return (
    <div className="st-preview-link">
      <label htmlFor={`${id}-url`}>Preview link</label>
      <div className="st-preview-link__row">
        <input
          ref={input}
          id={`${id}-url`}
          className="st-input"
          readOnly
          value={url}
          aria-describedby={`${id}-expiry`}
          onFocus={(event) => event.target.select()}
        />
        <button type="button" className="st-button st-button--secondary" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p id={`${id}-expiry`} className="st-help">
        Anyone with this link can see this version of the page, without signing in, until{' '}
        {indiaTime(link.expiresAt)} (India time). It is marked “Preview” and never found by search engines.
      </p>
      <p role="status" className="st-version__news">
        {copied}
      </p>
    </div>
  );
}
