// What the logged-in portal's first screen (/dashboard) reads. The shell names them in its HTML
// (render-site.tsx) so the page script starts them before the app's script arrives (early-reads.ts).
import { DASHBOARD_PATH } from '../../api/endpoints/dashboard';
import { PROFILE_PATH } from '../../api/endpoints/profile';
import { SESSION_PATH } from '../../api/endpoints/session';

export const PORTAL_FIRST_READS = [SESSION_PATH, PROFILE_PATH, DASHBOARD_PATH] as const;
