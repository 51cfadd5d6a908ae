// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import hi from '../../../../config/i18n/hi.json' with { type: 'json' };
import { createTranslator } from '../../../engine/i18n';
import type { DashboardBlock } from '../../../generated/config/programme';
import { launchKey } from '../../../machines/test-launch-machine';
import { seriousViolations } from '../../../../tests/fixtures/a11y-dom';
import programmeSchema from '../../../../schemas/config/programme.schema.json';
import { BLOCKS } from '../block-registry';
import type { LaunchState, PortalContext } from '../portal-context';
import { BookmarkPrompt, bookmarkKeys } from './bookmark-prompt';
import { LiveTest, countdownParts } from './live-test';
import { demoSeries, idleLaunch, jeeContext, jeeData, NOW, series } from './mock-jee.test-support';
import { fakeActions } from '../dashboard.test-support';
import { hourLabel } from './mock-jee-parts';
import { SeriesCalendar, calendarMonths, monthWeeks } from './series-calendar';
import { TestSeries, cardsInView, firstCard } from './test-series';

const originalMatchMedia = window.matchMedia;
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: originalMatchMedia,
  });
});

/** A window whose media queries match those listed (jsdom has no matchMedia of its own). */
function stubMedia(matching: string[]): void {
  const list = (query: string): MediaQueryList => ({
    matches: matching.includes(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
  Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: list });
}

const block = (type: DashboardBlock['type']): DashboardBlock => ({ type });

function show(
  Component: typeof LiveTest,
  type: DashboardBlock['type'],
  context: PortalContext,
): ReturnType<typeof render> {
  return render(<Component block={block(type)} context={context} />);
}

describe('the block registry', () => {
  it('has a component for every block type the programme schema allows', () => {
    // (The MOCK-JEE blocks load lazily; the browser test renders them on the MOCK-JEE dashboard.)
    const types = programmeSchema.definitions.dashboardBlock.properties.type.enum;
    expect(types.filter((type) => !BLOCKS[type as keyof typeof BLOCKS])).toEqual([]);
  });
});

describe('Live Test', () => {
  // The clock the countdown reads is the page's, so it stands at the fixtures' NOW (Date only:
  // axe needs real timers).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  const live = () => {
    const actions = fakeActions();
    return { actions, context: jeeContext(jeeData(), actions) };
  };

  it('shows the ongoing test: date, start time, Closes In and Ongoing, axe clean', async () => {
    const { context } = live();
    const { container } = show(LiveTest, 'liveTest', context);
    const section = screen.getByRole('region', { name: 'Live Test' });
    const card = within(section).getByRole('article', { name: 'Mock Test 3' });
    const fact = (term: string) => within(card).getByText(term).nextElementSibling?.textContent;
    expect(fact('Exam Date')).toBe('2 May 2026 (Saturday)');
    expect(fact('Start Time')).toBe('09:00 AM');
    expect(fact('Status')).toBe('Ongoing');
    // 12:00 noon on 2 May to 9 AM on 4 May (start + 48 h).
    const timer = within(card).getByRole('timer');
    expect(timer.textContent).toBe('45:00:00');
    expect(timer.getAttribute('aria-label')).toBe('Closes in 45 hours 0 minutes');
    expect(context.actions.refreshDashboard).not.toHaveBeenCalled();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('counts down every second, speaks only by the minute, and reloads the dashboard once at zero', () => {
    vi.useFakeTimers();
    const { context, actions } = live();
    const closes = Date.parse(context.data.mock_jee_series[2]?.end_time ?? '');
    vi.setSystemTime(closes - 62_000);
    show(LiveTest, 'liveTest', context);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('00:01:02');
    expect(timer.getAttribute('aria-label')).toBe('Closes in 0 hours 1 minutes');
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('00:01:01');
    // The digits changed; what a screen reader would say did not.
    expect(timer.getAttribute('aria-label')).toBe('Closes in 0 hours 1 minutes');
    act(() => vi.advanceTimersByTime(60_000));
    expect(timer.textContent).toBe('00:00:01');
    expect(timer.getAttribute('aria-label')).toBe('Closes in less than a minute');
    expect(actions.refreshDashboard).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('00:00:00');
    expect(timer.getAttribute('aria-label')).toBe('This test has closed.');
    expect(actions.refreshDashboard).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(10_000));
    expect(actions.refreshDashboard).toHaveBeenCalledTimes(1);
  });

  it("writes dates in the page's language", () => {
    const english = jeeContext(jeeData(), fakeActions());
    const context = {
      ...english,
      t: createTranslator(hi.strings),
      config: { ...english.config, locale: 'hi' },
    };
    show(LiveTest, 'liveTest', context);
    expect(screen.getByText('परीक्षा की तारीख').nextElementSibling?.textContent).toBe('2 मई 2026 (शनिवार)');
    expect(screen.getAllByText('2 मई 2026 (शनिवार), सुबह 09:00 बजे को खुलेगा')).toHaveLength(2);
  });

  it('formats what is left as hh:mm:ss', () => {
    expect(countdownParts(47 * 3_600_000 + 59 * 60_000 + 5_000)).toMatchObject({ text: '47:59:05' });
    expect(countdownParts(-5)).toMatchObject({ text: '00:00:00', hours: 0, minutes: 0 });
  });

  it('shows nothing without a live test', () => {
    const context = jeeContext(jeeData([series(1, 'Upcoming', 3, ['upcoming', 'upcoming'])]), fakeActions());
    const { container } = show(LiveTest, 'liveTest', context);
    expect(container.innerHTML).toBe('');
  });

  it('Begin Test on Paper 1 launches it; Paper 2 waits for it and says why', () => {
    const { context, actions } = live();
    show(LiveTest, 'liveTest', context);
    const [first, second] = screen.getAllByRole('button', { name: 'Begin Test' });
    expect(first).toBeDefined();
    expect(first?.hasAttribute('disabled')).toBe(false);
    expect(second?.hasAttribute('disabled')).toBe(true);
    expect(second?.getAttribute('aria-describedby')).toBeTruthy();
    const why = document.getElementById(second?.getAttribute('aria-describedby') ?? '');
    expect(why?.textContent).toBe('Finish the paper before this one first.');
    fireEvent.click(first as HTMLElement);
    const paperOne = context.data.mock_jee_series[2]?.papers[0];
    expect(actions.launchPaper).toHaveBeenCalledWith(paperOne?.exam_data);
  });

  const paperOneKey = () =>
    launchKey(demoSeries()[2]?.papers[0]?.exam_data ?? { exam_short_code: '', external_schedule_id: '' });
  const withLaunch = (launch: LaunchState) => jeeContext(jeeData(), fakeActions(), { launch });

  it('while a launch is in flight: its button says Opening…, and no button can launch another', async () => {
    const { container } = show(
      LiveTest,
      'liveTest',
      withLaunch({ ...idleLaunch, busy: true, code: paperOneKey() }),
    );
    const opening = screen.getByRole('button', { name: 'Opening…' });
    expect(opening.getAttribute('aria-busy')).toBe('true');
    expect(opening.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Begin Test' }).hasAttribute('disabled')).toBe(true);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('a blocked tab leaves a link beside its button; a failure says so', async () => {
    const url = 'http://localhost:3000/sandbox/test-player/abc';
    const blocked = show(
      LiveTest,
      'liveTest',
      withLaunch({ ...idleLaunch, code: paperOneKey(), blockedUrl: url }),
    );
    expect(screen.getByRole('status').textContent).toContain('Your browser blocked the new tab.');
    const link = screen.getByRole('link', { name: 'Open your test' });
    expect(link.getAttribute('href')).toBe(url);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(await seriousViolations(blocked.container)).toEqual([]);
    cleanup();
    show(
      LiveTest,
      'liveTest',
      withLaunch({ ...idleLaunch, code: paperOneKey(), error: { key: 'testLaunch.startFailed' } }),
    );
    expect(screen.getByRole('alert').textContent).toBe('We could not start your test. Please try again.');
    cleanup();
    show(
      LiveTest,
      'liveTest',
      withLaunch({
        ...idleLaunch,
        code: paperOneKey(),
        error: { key: 'testLaunch.startFailed', server: 'This test has closed.' },
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe('This test has closed.');
  });
});

describe('Test Series', () => {
  const slide = () => screen.getByRole('group');
  const render6 = (list = demoSeries()) => {
    const actions = fakeActions();
    const view = show(TestSeries, 'testSeries', jeeContext(jeeData(list), actions));
    return { actions, ...view };
  };
  /** The demo's six, with Mock Test 2's result out this morning: its detailed result opens at 6 PM today. */
  const resultToday = () =>
    demoSeries().map((s, i) => (i === 1 ? series(2, 'Results', -3, ['result', 'result'], 0) : s));

  it('opens on the ongoing test, with its papers listed, axe clean', async () => {
    const { container } = render6();
    const carousel = screen.getByRole('region', { name: 'Test Series carousel' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    expect(slide().getAttribute('aria-label')).toBe('3 of 6');
    expect(within(slide()).getByRole('heading', { name: 'Mock Test 3' })).toBeDefined();
    expect(within(slide()).getByText('Test 3')).toBeDefined();
    expect(within(slide()).getByRole('button', { name: 'View papers' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
    expect(within(slide()).getAllByRole('button', { name: 'Begin Test' })).toHaveLength(2);
    expect(within(slide()).getByText('Closes on 4 May 2026 (Monday), 09:00 AM')).toBeDefined();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('is circular: Next from the last card shows the first, Previous from the first the last', () => {
    render6();
    const next = screen.getByRole('button', { name: 'Next slide' });
    const previous = screen.getByRole('button', { name: 'Previous slide' });
    const live = screen
      .getByRole('region', { name: 'Test Series carousel' })
      .querySelector('[aria-live="polite"]');
    expect(live?.textContent).toBe('');
    fireEvent.click(next);
    expect(slide().getAttribute('aria-label')).toBe('4 of 6');
    // Only a move is announced, and it names the card now in view.
    expect(live?.textContent).toBe('Mock Test 4, 4 of 6');
    fireEvent.click(next);
    fireEvent.click(next);
    expect(slide().getAttribute('aria-label')).toBe('6 of 6');
    fireEvent.click(next);
    expect(slide().getAttribute('aria-label')).toBe('1 of 6');
    fireEvent.click(previous);
    expect(slide().getAttribute('aria-label')).toBe('6 of 6');
  });

  it('shows an upcoming test as locked, with when it opens and no papers', async () => {
    const { container } = render6();
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    const card = slide();
    expect(within(card).getByRole('heading', { name: 'Mock Test 4' })).toBeDefined();
    expect(within(card).getByText('Locked')).toBeDefined();
    expect(within(card).getByText('Opens on 5 May 2026 (Tuesday), 09:00 AM')).toBeDefined();
    expect(within(card).queryByRole('button')).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('a results card expands to its papers, View Result opens one, and says when the detailed result comes', async () => {
    const { actions, container } = render6(resultToday());
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    const card = slide();
    expect(within(card).getByRole('heading', { name: 'Mock Test 2' })).toBeDefined();
    expect(within(card).getByText('Results')).toBeDefined();
    const toggle = within(card).getByRole('button', { name: 'View papers' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(within(card).queryByRole('button', { name: 'View Result' })).toBeNull();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const results = within(card).getAllByRole('button', { name: 'View Result' });
    expect(results.map((b) => b.hasAttribute('disabled'))).toEqual([false, false]);
    expect(within(card).getByText('Detailed Result will be available from 6 PM')).toBeDefined();
    fireEvent.click(results[1] as HTMLElement);
    expect(actions.launchPaper).toHaveBeenCalledWith(resultToday()[1]?.papers[1]?.exam_data);
    expect(await seriousViolations(container)).toEqual([]);
    fireEvent.click(toggle);
    expect(within(card).queryByRole('button', { name: 'View Result' })).toBeNull();
  });

  it('says nothing of the detailed result once it is out (the demo: results from 3 days ago)', () => {
    render6();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    const card = slide();
    expect(within(card).getByRole('heading', { name: 'Mock Test 2' })).toBeDefined();
    fireEvent.click(within(card).getByRole('button', { name: 'View papers' }));
    expect(within(card).getAllByRole('button', { name: 'View Result' })).toHaveLength(2);
    expect(within(card).queryByText(/Detailed Result/)).toBeNull();
  });

  it('a missed test lists its papers as Missed, disabled', () => {
    render6();
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous slide' }));
    const card = slide();
    expect(within(card).getByRole('heading', { name: 'Mock Test 1' })).toBeDefined();
    fireEvent.click(within(card).getByRole('button', { name: 'View papers' }));
    const missed = within(card).getAllByRole('button', { name: 'Missed' });
    expect(missed.map((b) => b.hasAttribute('disabled'))).toEqual([true, true]);
    expect(within(card).queryByText(/Detailed Result/)).toBeNull();
  });

  it('moves by a swipe, not by a small touch', () => {
    const { container } = render6();
    const viewport = container.querySelector('.ef-jee-carousel__viewport') as HTMLElement;
    fireEvent.touchStart(viewport, { touches: [{ clientX: 200 }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 100 }] });
    expect(slide().getAttribute('aria-label')).toBe('4 of 6');
    fireEvent.touchStart(viewport, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 300 }] });
    expect(slide().getAttribute('aria-label')).toBe('3 of 6');
    fireEvent.touchStart(viewport, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(viewport, { changedTouches: [{ clientX: 120 }] });
    expect(slide().getAttribute('aria-label')).toBe('3 of 6');
  });

  it('slides for 500 ms, and not at all under prefers-reduced-motion', () => {
    const animate = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'animate', { configurable: true, value: animate });
    try {
      stubMedia([]);
      render6();
      fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
      expect(animate).toHaveBeenCalledTimes(1);
      expect(animate.mock.calls[0]?.[1]).toMatchObject({ duration: 500 });
      cleanup();
      stubMedia(['(prefers-reduced-motion: reduce)']);
      render6();
      fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
      expect(animate).toHaveBeenCalledTimes(1);
      expect(slide().getAttribute('aria-label')).toBe('4 of 6');
    } finally {
      Reflect.deleteProperty(HTMLElement.prototype, 'animate');
    }
  });

  it('shows three cards side by side from 992 px, wrapping round', () => {
    stubMedia(['(min-width: 992px)', '(min-width: 768px)']);
    render6();
    const labels = () => screen.getAllByRole('group').map((g) => g.getAttribute('aria-label'));
    expect(labels()).toEqual(['3 of 6', '4 of 6', '5 of 6']);
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(labels()).toEqual(['5 of 6', '6 of 6', '1 of 6']);
  });

  it('says "No exams are available right now Please come back later!" without a series, axe clean', async () => {
    const { container } = show(TestSeries, 'testSeries', jeeContext(jeeData([]), fakeActions()));
    expect(screen.getByRole('heading', { name: 'Test Series' })).toBeDefined();
    expect(screen.getByText('No exams are available right now Please come back later!')).toBeDefined();
    expect(screen.queryByRole('button')).toBeNull();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('pure rules: the first card, the cards in view', () => {
    expect(firstCard(demoSeries())).toBe(2);
    expect(
      firstCard([
        series(1, 'Missed', -3, ['missed', 'missed']),
        series(2, 'Upcoming', 3, ['upcoming', 'upcoming']),
      ]),
    ).toBe(1);
    expect(firstCard([series(1, 'Results', -3, ['result', 'result'])])).toBe(0);
    expect(cardsInView(5, 3, 6)).toEqual([5, 0, 1]);
    expect(cardsInView(0, 3, 2)).toEqual([0, 1]);
    expect(hourLabel('18:00')).toBe('6 PM');
    expect(hourLabel('09:30')).toBe('9:30 AM');
  });
});

describe('Test Series Calender', () => {
  const calendar = (calendarMonths?: string[]) =>
    show(SeriesCalendar, 'seriesCalendar', jeeContext(jeeData(), fakeActions(), { calendarMonths }));
  const captions = () =>
    screen.getAllByRole('table').map((table) => table.querySelector('caption')?.textContent);

  it("shows the student's months when none of their tests is in the configured months (2025 vs today's series)", async () => {
    const { container } = calendar();
    expect(captions()).toEqual(['April 2026', 'May 2026']);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("follows the configured season: April and May of the season's next occurrence", () => {
    // No tests yet, on 25 Nov 2026: the season configured as April–May 2025 repeats yearly.
    const now = new Date('2026-11-25T06:30:00.000Z');
    show(SeriesCalendar, 'seriesCalendar', jeeContext(jeeData([]), fakeActions(), { now }));
    expect(captions()).toEqual(['April 2027', 'May 2027']);
  });

  it('has a colour key for the marks, and its panel is in the keyboard order (it scrolls on phones)', async () => {
    const { container } = calendar();
    const key = screen.getByRole('list', { name: 'Colour key' });
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ongoing', 'Upcoming', 'Results', 'Missed', 'Today']);
    // Each status's mark is the calendar's own mark for it.
    const missed = within(key).getByText('Missed').querySelector('.ef-jee-day--missed');
    expect(missed).not.toBeNull();
    const panel = screen.getByRole('group', { name: 'Test Series Calender' });
    expect(panel.tabIndex).toBe(0);
    expect(panel.contains(key)).toBe(true);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('keeps to the configured months when the tests fall in them', () => {
    calendar(['2026-05', '2026-06']);
    expect(captions()).toEqual(['May 2026', 'June 2026']);
  });

  it('marks each test date with its name and status, and today', () => {
    calendar();
    const may = screen.getByRole('table', { name: 'May 2026' });
    expect(within(may).getByText('2: Mock Test 3, Ongoing')).toBeDefined();
    expect(within(may).getByText('5: Mock Test 4, Upcoming')).toBeDefined();
    const april = screen.getByRole('table', { name: 'April 2026' });
    expect(within(april).getByText('22: Mock Test 1, Missed')).toBeDefined();
    expect(within(april).getByText('26: Mock Test 2, Results')).toBeDefined();
    const today = may.querySelector('[aria-current="date"]');
    expect(today?.textContent).toContain('2');
    expect(
      within(may)
        .getAllByRole('columnheader')
        .map((th) => th.getAttribute('abbr')),
    ).toEqual(['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']);
  });

  it('on a phone the strip starts closed, opens with its button and closes with Escape', async () => {
    stubMedia(['(max-width: 767px)']);
    const { container } = calendar();
    const strip = screen.getByRole('button', { name: 'Test Series Calender' });
    expect(strip.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(strip);
    expect(strip.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('table')).toHaveLength(2);
    expect(await seriousViolations(container)).toEqual([]);
    // Escape meant for something else (focus outside the calendar) leaves it open.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(strip.getAttribute('aria-expanded')).toBe('true');
    strip.focus();
    fireEvent.keyDown(strip, { key: 'Escape' });
    expect(strip.getAttribute('aria-expanded')).toBe('false');
  });

  it('on a wider screen it starts open', () => {
    stubMedia([]);
    calendar();
    expect(screen.getByRole('button', { name: 'Test Series Calender' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it('pure rules: the months and the weeks', () => {
    expect(calendarMonths(['2025-04', '2025-05'], [])).toEqual(['2025-04', '2025-05']);
    expect(calendarMonths(['2025-04', '2025-05'], demoSeries())).toEqual(['2026-04', '2026-05']);
    expect(calendarMonths(undefined, [series(1, 'Upcoming', 300, ['upcoming', 'upcoming'])])).toEqual([
      '2027-02',
    ]);
    // 1 May 2026 is a Friday.
    expect(monthWeeks('2026-05')[0]).toEqual([null, null, null, null, null, 1, 2]);
    expect(
      monthWeeks('2026-05')
        .flat()
        .filter((d) => d !== null),
    ).toHaveLength(31);
  });
});

describe('Bookmark this dashboard!', () => {
  const future = () => jeeData([series(1, 'Upcoming', 3, ['upcoming', 'upcoming'])]);

  it('shows the shortcut when there is no live test and no past test, axe clean', async () => {
    const { container } = show(BookmarkPrompt, 'bookmarkPrompt', jeeContext(future(), fakeActions()));
    const section = screen.getByRole('region', { name: 'Bookmark this dashboard!' });
    expect(section.textContent).toMatch(/Press (Ctrl|Cmd)\+D to come back to your tests in one click\./);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('uses Cmd+D on Apple devices and Ctrl+D elsewhere', () => {
    expect(bookmarkKeys({ platform: 'MacIntel' })).toEqual(['Cmd', 'D']);
    expect(bookmarkKeys({ platform: '', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)' })).toEqual([
      'Cmd',
      'D',
    ]);
    expect(bookmarkKeys({ platform: 'Win32' })).toEqual(['Ctrl', 'D']);
    expect(bookmarkKeys({ platform: 'Linux armv8l', userAgent: 'Android' })).toEqual(['Ctrl', 'D']);
    expect(bookmarkKeys(undefined)).toEqual(['Ctrl', 'D']);
  });

  it('hides when a test is live, or once a test is past', () => {
    const live = show(BookmarkPrompt, 'bookmarkPrompt', jeeContext(jeeData(), fakeActions()));
    expect(live.container.innerHTML).toBe('');
    cleanup();
    const past = jeeData([
      series(1, 'Missed', -5, ['missed', 'missed']),
      series(2, 'Upcoming', 3, ['upcoming', 'upcoming']),
    ]);
    const missed = show(BookmarkPrompt, 'bookmarkPrompt', jeeContext(past, fakeActions()));
    expect(missed.container.innerHTML).toBe('');
  });
});

describe('fixtures', () => {
  it('are dated from NOW (2 May 2026, noon India time)', () => {
    expect(NOW.toISOString()).toBe('2026-05-02T06:30:00.000Z');
    expect(demoSeries().map((s) => s.exam_date)).toEqual([
      '2026-04-22',
      '2026-04-26',
      '2026-05-02',
      '2026-05-05',
      '2026-05-08',
      '2026-05-12',
    ]);
  });
});
