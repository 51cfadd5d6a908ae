// @vitest-environment jsdom
// The app reads the branches block's list (the block fetches nothing): only when the block shows,
// for the student's branch, and a read that fails leaves the block nothing to show.
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import iacst from '../../../config/programmes/iacst.json';
import type { DashboardData } from '../../generated/api/dashboard';
import type { Programme } from '../../generated/config/programme';
import { dashboardFacts } from '../../features/dashboard/dashboard-facts';
import { dashboardData } from '../../features/dashboard/dashboard.test-support';
import { branchesToRead, useDashboardBranches } from './dashboard-branches';

const NOON_IST = new Date('2026-11-23T07:00:00Z');
const blocks = (iacst as unknown as Programme).dashboard.blocks;
const centre = {
  center_name: 'RCC Delhi Central',
  address: 'Delhi Central road, New Delhi',
  contact_numbers: ['011-4000001', '', '', ''],
  location_url: '',
  latitude: 28.6,
  longitude: 77.2,
};

function read(data: DashboardData, answer: () => Response) {
  const fetch = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetch);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), shouldRetryOnError: false }}>{children}</SWRConfig>
  );
  const hook = renderHook(() => useDashboardBranches(blocks, data, dashboardFacts(data, NOON_IST)), {
    wrapper,
  });
  return { ...hook, fetch };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the dashboard reads the branch list for the branches block', () => {
  it("the student's branch, loading first", async () => {
    const { result, fetch } = read(dashboardData({ branch_code: 'DL001' }), () =>
      Response.json({ success: 'true', msg: 'Branches.', data: [centre] }),
    );
    expect(result.current).toEqual({ branches: null, branchesLoading: true });
    await waitFor(() => expect(result.current.branches).toEqual([centre]));
    expect(result.current.branchesLoading).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/api/branches/DL001');
  });

  it('a read that fails: no list and not loading (the block shows nothing)', async () => {
    const { result } = read(dashboardData(), () =>
      Response.json({ success: 'false', msg: 'Down.' }, { status: 500 }),
    );
    await waitFor(() => expect(result.current).toEqual({ branches: null, branchesLoading: false }));
  });

  it('no read when the block does not show (the digital-only branch) or before the dashboard', () => {
    const digital = dashboardData({ digital_only: true });
    expect(branchesToRead(blocks, digital, dashboardFacts(digital, NOON_IST))).toBeNull();
    expect(branchesToRead(blocks, undefined, null)).toBeNull();
    const usual = dashboardData();
    expect(branchesToRead(blocks, usual, dashboardFacts(usual, NOON_IST))).toBe('DL001');
    const { result, fetch } = read(digital, () => Response.json({}));
    expect(result.current).toEqual({ branches: null, branchesLoading: false });
    expect(fetch).not.toHaveBeenCalled();
  });
});
