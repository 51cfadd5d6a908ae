// MOCK-JEE 'Bookmark this dashboard!' (part 2 §2): shown when there is no live test and no past
// test yet (a new student between registering and the first test), with the platform's shortcut.
import { useId } from 'react';
import { liveSeries } from '../dashboard-facts';
import type { DashboardBlockComponent } from '../portal-context';
import './mock-jee.css';

/** Apple keyboards bookmark with Cmd+D, the others with Ctrl+D. */
export function bookmarkKeys(
  nav: { platform?: string; userAgent?: string } | undefined,
): ['Cmd' | 'Ctrl', 'D'] {
  const id = `${nav?.platform ?? ''} ${nav?.userAgent ?? ''}`;
  return [/Mac|iPhone|iPad|iPod/i.test(id) ? 'Cmd' : 'Ctrl', 'D'];
}

export const BookmarkPrompt: DashboardBlockComponent = ({ context }) => {
  const { t, data, now } = context;
  const headingId = useId();
  // A past test (with results, or missed) means the student has found the dashboard already.
  const pastTest = data.mock_jee_series.some((s) => s.status === 'Results' || s.status === 'Missed');
  if (pastTest || liveSeries(data, now)) return null;
  const [modifier, key] = bookmarkKeys(typeof navigator === 'undefined' ? undefined : navigator);
  const [before = '', after = ''] = t('mockJee.bookmarkHint').split('{keys}');
  return (
    <section className="ef-section ef-jee-card ef-jee-bookmark" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('mockJee.bookmarkHeading')}</h2>
      <p>
        {before}
        <kbd>
          <kbd>{modifier}</kbd>+<kbd>{key}</kbd>
        </kbd>
        {after}
      </p>
    </section>
  );
};
