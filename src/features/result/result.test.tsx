// @vitest-environment jsdom
// The result page's states and sections (part 1 §2, §4, §8), checked by role and label and with axe;
// the chart's numbers and its table alternative; server HTML sanitised.
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import en from '../../../config/i18n/en.json';
import site from '../../../config/site.json';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { createTranslator } from '../../engine/i18n';
import type { UiStringTable } from '../../generated/config/i18n';
import type { Site } from '../../generated/config/site';
import { chartData, chartOptions } from './result-chart';
import { reply, resultData } from './result.test-support';
import {
  chartSeries,
  RESULT_STRING_PREFIX,
  resultState,
  splitCell,
  type ResultConfig,
  type ResultState,
} from './result-model';
import { ResultScreen } from './result-screen';

// Only the strings the /iacst-result island is sent (render-site.tsx): a key the view reads outside
// them throws, as it blanked the page opened from a link.
const islandStrings = (strings: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(strings).filter(([key]) => key.startsWith(RESULT_STRING_PREFIX)),
  ) as unknown as UiStringTable;
const t = createTranslator(islandStrings(en.strings));
const config: ResultConfig = {
  programme: { shortName: 'iACST', support: { email: 'help@example.com' } },
  resultPage: (site as unknown as Site).resultPage,
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const show = (state: ResultState) => render(<ResultScreen state={state} config={config} t={t} />);

/** Heading levels in document order never skip a level. */
function headingLevels(container: HTMLElement): number[] {
  return [...container.querySelectorAll('h1, h2, h3, h4, h5, h6')].map((h) => Number(h.tagName[1]));
}
function expectHeadingsInOrder(container: HTMLElement) {
  const levels = headingLevels(container);
  expect(levels[0]).toBe(1);
  levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
}

describe('resultState (part 1 §4)', () => {
  it('maps every answer to its state', () => {
    expect(resultState({ isLoading: true })).toEqual({ status: 'loading' });
    expect(resultState(null)).toEqual({ status: 'error', message: null });
    expect(resultState({ isLoading: false, error: { message: 'Too many attempts.' } })).toEqual({
      status: 'error',
      message: 'Too many attempts.',
    });
    expect(resultState({ isLoading: false, error: { message: '  ' } })).toEqual({
      status: 'error',
      message: null,
    });
    const noData = { success: 'true', msg: '<b>No result</b>' } as unknown as ReturnType<typeof reply>;
    expect(resultState({ isLoading: false, data: noData })).toEqual({
      status: 'failure',
      messageHtml: '<b>No result</b>',
    });
    const failed = { success: 'false', msg: 'Not found', data: resultData() } as unknown as ReturnType<
      typeof reply
    >;
    expect(resultState({ isLoading: false, data: failed }).status).toBe('failure');
    expect(
      resultState({
        isLoading: false,
        data: reply({
          result_page_status: false,
          analysis_tab_status: false,
          result_expected_at: '2026-03-10T10:00:00.000Z',
        }),
      }),
    ).toEqual({ status: 'soon', expectedAt: '2026-03-10T10:00:00.000Z' });
    expect(resultState({ isLoading: false, data: reply(resultData()) }).status).toBe('result');
  });

  it('splits value=label cells, and takes the header for a plain cell', () => {
    expect(splitCell('15=Your marks')).toEqual({ value: '15', label: 'Your marks' });
    expect(splitCell('80.0%', 'Accuracy')).toEqual({ value: '80.0%', label: 'Accuracy' });
    expect(splitCell('a=b=c')).toEqual({ value: 'a', label: 'b=c' });
    expect(splitCell('7=', 'Rank')).toEqual({ value: '7', label: 'Rank' });
  });
});

describe('the result page states', () => {
  it('loading: a status, busy', async () => {
    const { container } = show({ status: 'loading' });
    expect(screen.getByRole('status').textContent).toBe('Loading your result…');
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('error: the result-not-ready screen with the message, the support e-mail and the 4-hour note', async () => {
    const { container } = show({
      status: 'error',
      message: 'We could not find a result for this roll number.',
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your result is not ready yet');
    expect(screen.getByRole('alert').textContent).toBe('We could not find a result for this roll number.');
    expect(screen.getByText('Results appear 4 hours after you submit your test.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'help@example.com' }).getAttribute('href')).toBe(
      'mailto:help@example.com',
    );
    expect(await seriousViolations(container)).toEqual([]);
  });

  it("error without a message: 'Something went wrong!'", () => {
    show({ status: 'error', message: null });
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong!');
  });

  it('no data or a failure message: the message as sanitised HTML', async () => {
    const { container } = show({
      status: 'failure',
      messageHtml:
        '<p onclick="alert(1)">Result <b>withheld</b></p><script>window.hacked=1</script>' +
        '<img src=x onerror="window.hacked=2"><a href="javascript:alert(3)">see why</a>' +
        '<a href="https://www.example.com/help" onmouseover="alert(4)">help</a><iframe src="/x"></iframe>',
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Result withheldsee whyhelp');
    expect(alert.querySelector('b')?.textContent).toBe('withheld');
    expect(container.querySelector('script, img, iframe, [onclick], [onmouseover], [onerror]')).toBeNull();
    expect(within(alert).getByText('see why').getAttribute('href')).toBeNull();
    expect(within(alert).getByRole('link', { name: 'help' }).getAttribute('href')).toBe(
      'https://www.example.com/help',
    );
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('no data and no message: the fallback text', () => {
    show({ status: 'failure', messageHtml: null });
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong!');
  });

  it("result_page_status false: 'Your result would be available soon.' and when, as people read it", async () => {
    const { container } = show({ status: 'soon', expectedAt: '2026-03-10T10:00:00.000Z' });
    expect(screen.getByRole('status').textContent).toBe('Your result would be available soon.');
    expect(screen.getByText('Expected on 10 Mar 2026 (Tuesday), 03:30 PM.')).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });
});

describe('the result view', () => {
  it('page 1: the message (sanitised) and the result table', async () => {
    const { container } = show({
      status: 'result',
      data: resultData({
        result_message: '<p>Well done<script>window.hacked=1</script><img src=x onerror=alert(1)></p>',
      }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('iACST result');
    const page = screen.getByRole('region', { name: 'Your result' });
    expect(page.querySelector('.ef-result-message')?.innerHTML).toBe('<p>Well done</p>');
    const table = within(page).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'NameRohan Gupta',
      "Father's nameSanjay Gupta",
      'Roll number250000000005',
      'PSIDPS00000005',
      'Class opted12',
      'Class studying12',
      'StreamMedical',
      'Overall score66.7%',
      'StatusQualified',
      'Scholarship60%',
      'Rank2',
    ]);
    expectHeadingsInOrder(container);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('the counselling page: video call, house visit, branch visit and the branch phone', () => {
    show({ status: 'result', data: resultData() });
    const page = screen.getByRole('region', { name: 'Counselling and scholarship' });
    expect(within(page).getByText(/You have earned a 60% scholarship/)).toBeTruthy();
    expect(
      within(page)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Video call', 'House visit', 'Branch visit']);
    expect(within(page).getByRole('link', { name: '011-4762-3456' }).getAttribute('href')).toBe(
      'tel:01147623456',
    );
  });

  it('the analysis: score card, chart with its table alternative, preparation level, relative performance', async () => {
    const { container } = show({ status: 'result', data: resultData() });
    expect(screen.getByRole('button', { name: 'SCORE CARD & ANALYSIS' })).toBeTruthy();
    const card = screen.getByRole('table', { name: 'Score card' });
    expect(
      within(card)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Subject', 'Questions', 'Attempted', 'Correct', 'Wrong', 'Marks', 'Max. marks', 'Percentile']);
    expect(within(card).getByRole('rowheader', { name: 'Total' })).toBeTruthy();
    // The chart's text alternative: the same numbers, 1 decimal.
    const data = screen.getByRole('table', { name: 'Chart data' });
    expect(
      within(data)
        .getAllByRole('row')
        .map((row) => [...row.children].map((c) => c.textContent)),
    ).toEqual([
      ['Subject', 'Your score (%)', 'Highest score (%)', 'Percentile'],
      ['Physics', '75.0', '100.0', '75.0'],
      ['Chemistry', '50.0', '75.0', '66.7'],
      ['Biology', '75.0', '75.0', '100.0'],
    ]);
    expect(screen.getByText('Good: strengthen your weaker subjects to move up.')).toBeTruthy();
    // value=label cells: the label heads its row, the value is the cell.
    const physics = screen.getByRole('table', { name: 'Physics' });
    expect(
      within(physics)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Your marks15', 'Highest marks20', 'Percentile75.0', 'Accuracy80.0%']);
    const chemistry = screen.getByRole('table', { name: 'Chemistry' });
    expect(within(chemistry).getAllByRole('row').at(-1)?.textContent).toBe('Accuracy60.0%');
    expectHeadingsInOrder(container);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('analysis closed: no analysis button, the visit-the-branch message', async () => {
    const { container } = show({ status: 'result', data: resultData({ analysis_tab_status: false }) });
    expect(screen.queryByRole('button', { name: 'SCORE CARD & ANALYSIS' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Score card' })).toBeNull();
    expect(screen.getByText(/Please visit your nearest branch/)).toBeTruthy();
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('no scholarship and not qualified: the counselling text without a percent, no checklist', () => {
    show({
      status: 'result',
      data: resultData({
        ScholarshipPercentage: '0',
        Status: 'Not Qualified',
        qualified: false,
        scholarship_offline_test_by: '2026-03-23',
      }),
    });
    expect(screen.getByText(/Talk to a counsellor about the right course/)).toBeTruthy();
    expect(screen.queryByText(/Scholarship/)).toBeNull();
    expect(screen.queryByText(/confirm your|scholarship applies|earned a/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Checklist for your admission' })).toBeNull();
  });

  it('above the offline-test threshold: the counselling page names the offline test, as the banner does', () => {
    show({
      status: 'result',
      data: resultData({ ScholarshipPercentage: '90', scholarship_offline_test_by: '2026-03-23' }),
    });
    expect(
      screen.getByText(
        'To confirm your 90% scholarship, take the offline test at your branch by 23 Mar 2026 (Monday).',
      ),
    ).toBeTruthy();
  });

  it('the digital-only branch (IC006): the team arranges the offline test; no branch visit, call us', () => {
    show({
      status: 'result',
      data: resultData({
        ScholarshipPercentage: '90',
        scholarship_offline_test_by: '2026-03-23',
        digital_only: true,
        branch_contact_info: { phone_no: '1800-000-0006' },
      }),
    });
    expect(
      screen.getByText(
        'To confirm your 90% scholarship, take the offline test by 23 Mar 2026 (Monday): our team will contact you to arrange it.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/at your branch|Branch visit|call your branch/)).toBeNull();
    expect(screen.getByRole('heading', { name: 'Video call' })).toBeTruthy();
    expect(screen.getByText(/To book, call us:/).textContent).toBe('To book, call us: 1800-000-0006');
  });

  it('trailing pages: brochure images, the map and, qualified, the checklist', async () => {
    const { container } = show({ status: 'result', data: resultData() });
    const brochure = screen.getByRole('region', { name: 'About our courses' });
    expect(within(brochure).getAllByRole('img')).toHaveLength(2);
    const map = screen.getByRole('region', { name: 'Find your branch' });
    expect(within(map).getByRole('img', { name: 'Map of our branches across India' })).toBeTruthy();
    expect(within(map).getAllByRole('listitem')).toHaveLength(5);
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('Print: the document title is the name and PSID while printing, then the page title again', async () => {
    show({ status: 'result', data: resultData({ analysis_tab_status: false }) });
    document.title = 'Result | iACST';
    let printedAs = '';
    vi.spyOn(window, 'print').mockImplementation(() => {
      printedAs = document.title;
    });
    await userEvent.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(printedAs).toBe('Rohan Gupta PS00000005'));
    expect(document.title).toBe('Result | iACST');
    // The browser's own print (Ctrl+P) gets the same title.
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(document.title).toBe('Rohan Gupta PS00000005');
    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(document.title).toBe('Result | iACST');
  });
});

describe('the chart (part 1 §9)', () => {
  it('rounds to 1 decimal, pads or cuts a data set to the subjects', () => {
    const series = chartSeries(
      resultData({
        subject_labels: ['A', 'B'],
        score_data_sets: [
          { label: 'Your score (%)', data: [33.333, 66.66, 99] },
          { label: 'Percentile', data: [12.25] },
        ],
      }),
    );
    expect(series).toEqual({
      labels: ['A', 'B'],
      datasets: [
        { label: 'Your score (%)', data: [33.3, 66.7] },
        { label: 'Percentile', data: [12.3, 0] },
      ],
    });
    expect(chartSeries(resultData({ subject_labels: [] }))).toBeNull();
  });

  it('columns on a 0–100 y-axis in steps of 5, each data set its own fill', () => {
    const series = chartSeries(resultData());
    if (!series) throw new Error('no series');
    const data = chartData(series);
    expect(data.labels).toEqual(['Physics', 'Chemistry', 'Biology']);
    expect(data.datasets.map((d) => d.data)).toEqual([
      [75, 50, 75],
      [100, 75, 75],
      [75, 66.7, 100],
    ]);
    expect(new Set(data.datasets.map((d) => d.backgroundColor)).size).toBe(3);
    const y = chartOptions.scales?.y as { min: number; max: number; ticks: { stepSize: number } };
    expect([y.min, y.max, y.ticks.stepSize]).toEqual([0, 100, 5]);
  });
});
