// What the logged-in portal's first screen (/dashboard) reads: the dashboard's answer only (the
// profile follows once it is painted: dashboard-route.tsx). The page's head starts it as it is
// parsed, before the app's script arrives (early-reads.ts, decision 035).
import { DASHBOARD_PATH } from '../../api/endpoints/dashboard';

export const PORTAL_FIRST_READS = [DASHBOARD_PATH] as const;
