// @vitest-environment jsdom
// The dashboard's first screen: the first blocks a student is shown render first, the
// others once the browser has painted them, with nothing of the first screen drawn again.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import en from '../../../config/i18n/en.json';
import iacst from '../../../config/programmes/iacst.json';
import { createTranslator } from '../../engine/i18n';
import type { UiStringTable } from '../../generated/config/i18n';
import type { Programme } from '../../generated/config/programme';
import { visibleBlocks } from './dashboard-facts';
import { dashboardData, loadedContext } from './dashboard.test-support';
import { DashboardScreen } from './dashboard-screen';
import type { PortalContext } from './portal-context';

const t = createTranslator(en.strings as UiStringTable);
const NOON_IST = new Date('2026-11-23T07:00:00Z');

afterEach(cleanup);

/** The dashboard of a student before the exam, its first screen `firstScreenBlocks` blocks (or unset). */
function contextWith(
  firstScreenBlocks: number | undefined,
  programme = iacst as unknown as Programme,
): PortalContext {
  const context = loadedContext(dashboardData(), { programme, t, now: NOON_IST });
  const dashboard = { ...programme.dashboard, firstScreenBlocks };
  return { ...context, config: { ...context.config, programme: { ...programme, dashboard } } };
}

/** The elements the blocks drew, in order (the screen's own heading left out). */
const blockElements = (container: HTMLElement) =>
  [...container.querySelectorAll('.ef-dash > *')].filter((el) => el.tagName !== 'H1');

/** The screen of a dashboard that has only the first `count` blocks the student is shown. */
function onlyFirst(count: number): string {
  const context = contextWith(undefined);
  const programme = context.config.programme as Programme;
  const blocks = visibleBlocks(programme.dashboard.blocks, context.facts).slice(0, count);
  const { container } = render(
    <DashboardScreen
      status="loaded"
      t={t}
      context={contextWith(100, {
        ...programme,
        dashboard: { ...programme.dashboard, blocks: blocks as Programme['dashboard']['blocks'] },
      })}
      refreshing={false}
    />,
  );
  // As it is once painted (not busy).
  const html = container.innerHTML.replace(' aria-busy="true"', '');
  cleanup();
  return html;
}

// The lazy blocks (the FAQ) loaded once, so that every later render draws them at once.
beforeAll(async () => {
  render(<DashboardScreen status="loaded" t={t} context={contextWith(100)} refreshing={false} />);
  await screen.findByRole('heading', { name: 'Frequently asked questions' });
  cleanup();
});

it('draws the first screen’s blocks first, the others once it is painted, and says so once', async () => {
  const [firstTwo, everyBlock] = [onlyFirst(2), onlyFirst(100)];
  const painted = vi.fn();
  const context = contextWith(2);
  expect(visibleBlocks(context.config.programme.dashboard.blocks, context.facts).length).toBeGreaterThan(3);
  const { container } = render(
    <DashboardScreen
      status="loaded"
      t={t}
      context={context}
      refreshing={false}
      onFirstScreenPainted={painted}
    />,
  );
  const first = blockElements(container);
  // Busy, with the first two blocks only.
  expect(container.querySelector('.ef-dash')?.getAttribute('aria-busy')).toBe('true');
  expect(container.innerHTML.replace(' aria-busy="true"', '')).toBe(firstTwo);
  expect(painted).not.toHaveBeenCalled();

  await waitFor(() => expect(painted).toHaveBeenCalledTimes(1));
  const all = blockElements(container);
  expect(all.length).toBeGreaterThan(first.length);
  expect(container.querySelector('.ef-dash')?.hasAttribute('aria-busy')).toBe(false);
  expect(container.innerHTML).toBe(everyBlock);
  // The first screen is the same elements, at the top: nothing of it was drawn again.
  first.forEach((element, i) => expect(all[i]).toBe(element));

  // A later render (a refresh of the answers) tells nobody again.
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  expect(painted).toHaveBeenCalledTimes(1);
});

it('draws three blocks first unless the programme says otherwise', () => {
  const [two, three] = [onlyFirst(2), onlyFirst(3)];
  const { container } = render(
    <DashboardScreen status="loaded" t={t} context={contextWith(undefined)} refreshing={false} />,
  );
  expect(container.innerHTML.replace(' aria-busy="true"', '')).toBe(three);
  expect(three).not.toBe(two);
});
