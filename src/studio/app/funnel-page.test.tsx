// @vitest-environment jsdom
// The Funnel view over the fake API: the table holds the numbers per variant and step, the filters
// ask for their range and source, the CSV is the table, two variants compare in words, and the home
// page shows each variant's last 7 days.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import type { StepFigures, VariantFunnel } from '../../domain/funnel-report';
import { FUNNEL_STEPS, funnelStepsOf, type FunnelStep } from '../../domain/funnel-steps';
import { createFakeStudioApi, fakeLanding, type FakeFunnel } from './studio-api.test-support';
import { StudioApp } from './studio-app';

// chart.js cannot draw in jsdom (no canvas): the bars are drawn in the Studio's browser test; here
// the chart's canvas stands in, with the data and name FunnelChart gives it.
vi.mock('react-chartjs-2', () => ({
  Bar: (props: {
    data: { labels: string[]; datasets: { label: string; data: number[]; backgroundColor: string }[] };
    role: string;
    'aria-label': string;
  }) => (
    <canvas
      role={props.role}
      aria-label={props['aria-label']}
      data-labels={JSON.stringify(props.data.labels)}
      data-sets={JSON.stringify(props.data.datasets.map((d) => [d.label, d.data, d.backgroundColor]))}
    />
  ),
}));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

function variant(
  key: string,
  visitors: number[],
  sources: string[] = ['google', ''],
  sandboxVisitors = 0,
  stepList: readonly FunnelStep[] = FUNNEL_STEPS,
): VariantFunnel {
  const steps: StepFigures[] = stepList.map((step, i) => ({
    step,
    visitors: visitors[i] ?? 0,
    fromPrevious: i === 0 || !visitors[i - 1] ? null : (visitors[i] ?? 0) / (visitors[i - 1] ?? 1),
    fromView: visitors[0] ? (visitors[i] ?? 0) / visitors[0] : null,
    medianMsFromPrevious: i === 0 ? null : 90_000,
    timed: visitors[i] ?? 0,
  }));
  return {
    programme: 'iacst',
    variant: key,
    steps,
    sandboxVisitors,
    bySource: sources.map((utmSource) => ({ utmSource, steps })),
  };
}

const FILES = {
  'landings/neet-repeater.json': fakeLanding(),
  'landings/adst.json': fakeLanding({ paths: ['/adst'], variantKey: 'iacst_adst', title: 'ADST online' }),
};

function renderAt(funnel: FakeFunnel, path = '/funnel') {
  const api = createFakeStudioApi(FILES, [], funnel);
  const view = render(
    <MemoryRouter initialEntries={[path]}>
      <StudioApp api={api} />
    </MemoryRouter>,
  );
  return { api, ...view };
}

const CAMPAIGNS = [
  { utmSource: '', utmMedium: '', utmCampaign: '' },
  { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'neet-2026' },
  { utmSource: 'google', utmMedium: 'email', utmCampaign: 'रिपीटर' },
  { utmSource: 'facebook', utmMedium: 'social', utmCampaign: 'neet-2026' },
];

const DATA: FakeFunnel = {
  data: {
    source: 'a test database',
    campaigns: CAMPAIGNS,
    variants: [
      variant('iacst_repeater_neet', [1200, 600, 400, 300, 250, 200, 150, 120, 100]),
      variant('iacst_adst', [1000, 400]),
    ],
  },
};

describe('the Funnel view', () => {
  it('shows each variant’s steps in a table beside the chart, and is axe clean', async () => {
    const { api, container } = renderAt(DATA);
    const table = await screen.findByRole('table', { name: 'The numbers' });
    expect(
      await screen.findByRole('img', { name: /Visitors at each step, one colour per variant/ }),
    ).toBeTruthy();
    // Each variant by its title and address, with its colour named in words beside the swatch.
    await within(table).findByRole('columnheader', {
      name: 'Blue: NEET repeater scholarship (/neet-repeater)',
    });
    within(table).getByRole('columnheader', { name: 'Orange: ADST online (/adst)' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent).join(' | '));
    expect(rows).toContain('Registered | 120 | 80.0 % | 10.0 % | 1 min 30 s');
    expect(rows).toContain('Page view | 1,000 | – | 100.0 % | –');
    expect(screen.getByText(/variants with visits/).textContent).toMatch(
      /^2 variants with visits, .* \(28 days\), from a test database\.$/,
    );
    // The first request is the last 28 days, every source.
    expect(api.funnelQueries[0]).toEqual({
      from: expect.any(String) as string,
      to: expect.any(String) as string,
    });
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('asks again for a source and a range, and refuses a range that ends before it starts', async () => {
    const user = userEvent.setup();
    const { api } = renderAt(DATA);
    await screen.findByRole('table', { name: 'The numbers' });
    const source = screen.getByRole('combobox', { name: 'Campaign source (UTM)' });
    expect(
      within(source)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All sources', 'None (direct or unknown)', 'facebook', 'google']);
    await user.selectOptions(source, 'google');
    await waitFor(() => expect(api.funnelQueries.at(-1)).toMatchObject({ utmSource: 'google' }));
    // The medium and the campaign list what the source chosen had.
    const medium = screen.getByRole('combobox', { name: 'Medium (UTM)' });
    expect(
      within(medium)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All mediums', 'cpc', 'email']);
    await user.selectOptions(medium, 'email');
    const campaign = screen.getByRole('combobox', { name: 'Campaign name (UTM)' });
    expect(
      within(campaign)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All campaigns', 'रिपीटर']);
    await user.selectOptions(campaign, 'रिपीटर');
    await waitFor(() =>
      expect(api.funnelQueries.at(-1)).toMatchObject({
        utmSource: 'google',
        utmMedium: 'email',
        utmCampaign: 'रिपीटर',
      }),
    );
    expect(screen.getByText(/variants with visits/).textContent).toContain(
      'source google, medium email, campaign रिपीटर',
    );
    // A new source starts its medium and campaign over.
    await user.selectOptions(source, 'facebook');
    await waitFor(() =>
      expect(api.funnelQueries.at(-1)).toEqual({ ...api.funnelQueries[0], utmSource: 'facebook' }),
    );
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(api.funnelQueries.at(-1)?.from).not.toBe(api.funnelQueries[0]?.from));

    const from = screen.getByLabelText('First day');
    const asked = api.funnelQueries.length;
    await user.clear(from);
    await user.type(from, '2099-01-01');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(from.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'The first day must come before the last day.',
    );
    expect(api.funnelQueries).toHaveLength(asked);
  });

  it('downloads the table as CSV', async () => {
    const user = userEvent.setup();
    const saved: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      saved.push(blob as Blob);
      return 'blob:x';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderAt(DATA);
    await user.click(await screen.findByRole('button', { name: 'Download CSV' }));
    expect(click).toHaveBeenCalledOnce();
    const [blob] = saved;
    if (!blob) throw new Error('nothing downloaded');
    // UTF-8 with a byte-order mark, so Excel shows Hindi intact.
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).slice(1);
    const lines = csv.split('\r\n');
    expect(lines[1]).toBe(
      'Variant,Programme,Variant key,Path,Step,Visitors,From previous step,From page view,Median time from previous step',
    );
    expect(lines).toContain(
      'NEET repeater scholarship (/neet-repeater),iacst,iacst_repeater_neet,/neet-repeater,Registered,120,80.0 %,10.0 %,1 min 30 s',
    );
    expect(lines.filter((l) => l.startsWith('ADST online (/adst),iacst,iacst_adst,/adst,'))).toHaveLength(
      FUNNEL_STEPS.length,
    );
  });

  it('shows a free programme without payment rows, each step from the row above it', async () => {
    const free = funnelStepsOf({ fee: { amount: 0 } });
    renderAt({
      data: {
        source: 'a test database',
        variants: [variant('iacst_adst', [1000, 400, 0, 0, 0, 0, 50], [''], 0, free)],
      },
    });
    const table = await screen.findByRole('table', { name: 'The numbers' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent).join(' | '));
    expect(rows.some((r) => r.startsWith('Payment'))).toBe(false);
    expect(rows.some((r) => r.startsWith('Paid'))).toBe(false);
    // Registered follows "Exam chosen" (0): no share of nobody, not a share of an earlier row.
    expect(rows).toContain('Registered | 50 | – | 5.0 % | 1 min 30 s');
    const chart = screen.getByRole('img', { name: /Visitors at each step/ });
    expect(JSON.parse(chart.getAttribute('data-labels') ?? '[]')).not.toContain('Paid');
  });

  it('gives 12 variants 12 colours, and the table says which is which', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 12 }, (_, i) => [
        `landings/page-${i}.json`,
        fakeLanding({ paths: [`/page-${i}`], variantKey: `v${i}`, title: `Page ${i}` }),
      ]),
    );
    const api = createFakeStudioApi(files, [], {
      data: {
        source: 'a test database',
        variants: Array.from({ length: 12 }, (_, i) => variant(`v${i}`, [100 + i, 10])),
      },
    });
    render(
      <MemoryRouter initialEntries={['/funnel']}>
        <StudioApp api={api} />
      </MemoryRouter>,
    );
    const chart = await screen.findByRole('img', { name: /Visitors at each step/ });
    const sets = JSON.parse(chart.getAttribute('data-sets') ?? '[]') as [string, number[], string][];
    expect(sets).toHaveLength(12);
    expect(new Set(sets.map(([, , colour]) => colour)).size).toBe(12);
    const table = screen.getByRole('table', { name: 'The numbers' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent ?? '')
      .filter((t) => t.includes('Page '));
    expect(headers).toHaveLength(12);
    expect(new Set(headers.map((h) => h.split(':')[0])).size).toBe(12);
    expect(headers[7]).toBe('Yellow: Page 7 (/page-7)');
  });

  it('compares two variants with their ranges and says what it means', async () => {
    const user = userEvent.setup();
    const side = (x: number, n: number) => ({
      x,
      n,
      rate: x / n,
      interval: { low: x / n - 0.02, high: x / n + 0.02 },
    });
    const { api } = renderAt({
      ...DATA,
      comparison: {
        source: 'a test database',
        comparison: {
          a: { programme: 'iacst', variant: 'iacst_repeater_neet' },
          b: { programme: 'iacst', variant: 'iacst_adst' },
          registered: {
            enough: true,
            a: side(120, 1200),
            b: side(60, 1000),
            difference: 0.04,
            z: 3.4,
            p: 0.0006,
          },
          paid: {
            enough: false,
            a: side(100, 1200),
            b: side(0, 1000),
            reason: 'Not enough data yet: at least 5 conversions and 5 non-conversions are needed.',
          },
        },
      },
    });
    await screen.findByRole('table', { name: 'The numbers' });
    const b = screen.getByRole('combobox', { name: 'Variant B' });
    await user.selectOptions(b, 'iacst:iacst_repeater_neet');
    expect(screen.getByRole('button', { name: 'Compare' }).hasAttribute('disabled')).toBe(true);
    expect(b.getAttribute('aria-invalid')).toBe('true');
    await user.selectOptions(b, 'iacst:iacst_adst');
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    const result = await screen.findByRole('table', { name: /^A: NEET repeater/ });
    expect(within(result).getByRole('rowheader', { name: 'Page view → paid' })).toBeTruthy();
    const text = result.textContent ?? '';
    expect(text).toContain('10.0 % (120 of 1,200; 95 % range 8.0 % to 12.0 %)');
    expect(text).toContain('A converts better than B on page view → registered (p < 0.001).');
    expect(text).toContain('Not enough data yet: at least 5 conversions');
    expect(api.funnelQueries.at(-1)).toMatchObject({ from: expect.any(String) as string });
  });

  it('says when the figures include demo traffic', async () => {
    renderAt({
      data: {
        source: 'a test database',
        variants: [variant('iacst_adst', [1000, 400], ['google'], 990), variant('iacst_repeater_neet', [10])],
      },
    });
    expect(
      await screen.findByText(
        'These figures include demo visits made up by the sandbox (990 of 1,010 page views): do not read them as real results.',
      ),
    ).toBeTruthy();
  });

  it('says why there are no numbers when the portal has not run', async () => {
    renderAt({});
    expect(await screen.findByText('No visits are recorded yet.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the home page', () => {
  it('shows each variant’s visitors and view → registered over the last 7 days', async () => {
    const { api } = renderAt(DATA, '/');
    const table = await screen.findByRole('table', { name: /landing pages/i });
    const row = (await within(table).findByRole('link', { name: 'ADST online' })).closest('tr');
    await waitFor(() => expect(row?.textContent).toContain('1,000'));
    const neet = within(table).getByRole('link', { name: 'NEET repeater scholarship' }).closest('tr');
    expect(neet?.textContent).toContain('1,200');
    expect(neet?.textContent).toContain('10.0 %');
    const [first] = api.funnelQueries;
    expect(first && (Date.parse(first.to) - Date.parse(first.from)) / 86_400_000).toBe(6);
  });
});
