// The branch list of the dashboard's branches block (part 2 §2), read by the app through swr and
// handed to the block in its context: asked for only when the programme's dashboard shows the block
// to this student, as the block itself did when it fetched its own list.
import { useBranches } from '../../api/endpoints/branches';
import type { DashboardData } from '../../generated/api/dashboard';
import type { DashboardBlock } from '../../generated/config/programme';
import { visibleBlocks, type DashboardFacts } from '../../features/dashboard/dashboard-facts';
import type { PortalContext } from '../../features/dashboard/portal-context';

/** The student's branch code when a branches block shows, else null (nothing to read). */
export function branchesToRead(
  blocks: readonly DashboardBlock[],
  data: DashboardData | null | undefined,
  facts: DashboardFacts | null,
): string | null {
  if (!data || !facts) return null;
  return visibleBlocks(blocks, facts).some((block) => block.type === 'branches')
    ? data.branch_code || null
    : null;
}

/** The context's branches: the list, or null while it loads (branchesLoading) or when it failed. */
export function useDashboardBranches(
  blocks: readonly DashboardBlock[],
  data: DashboardData | null | undefined,
  facts: DashboardFacts | null,
): Pick<PortalContext, 'branches' | 'branchesLoading'> {
  const { data: reply, error, isLoading } = useBranches(branchesToRead(blocks, data, facts));
  return error
    ? { branches: null, branchesLoading: false }
    : { branches: reply?.data ?? null, branchesLoading: isLoading };
}
