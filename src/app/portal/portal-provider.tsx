// What every view of the logged-in app shares: the token, the config and strings, the session store,
// analytics, the profile modal's open state and the session-end rule.
import { createContext, useContext, type ReactNode } from 'react';
import type { Translate } from '../../engine/i18n';
import type { PortalConfig } from '../../features/dashboard/portal-context';
import type { Site } from '../../generated/config/site';
import type { Analytics } from '../analytics';
import type { SessionStore } from '../session-store';

export interface PortalValue {
  token: string;
  config: PortalConfig & { courseReturnType: string };
  t: Translate;
  store: SessionStore;
  analytics: Analytics;
  /** The server refused the session (the refusal, for its reason): clear it and go to '/'. */
  onSessionError: (error?: unknown) => void;
  profileOpen: boolean;
  closeProfile: () => void;
  /** The result view: its paths (site.screens.result) and the trailing pages' config. */
  resultPage: { paths: string[]; config?: Site['resultPage'] };
  /** The in-app address of a URL one of the app's views shows (the result), else null. */
  inApp: (href: string) => string | null;
  /** Scrolls an element to `offset` px below the top and focuses it; the dashboard's courses. */
  scrollToAndFocus: (element: HTMLElement, offset: number) => void;
  scrollToCourses: () => void;
}

const PortalContext = createContext<PortalValue | null>(null);

export function PortalProvider({ value, children }: { value: PortalValue; children: ReactNode }) {
  return <PortalContext.Provider value={value}>{children}</PortalContext.Provider>;
}

export function usePortal(): PortalValue {
  const value = useContext(PortalContext);
  if (!value) throw new Error('usePortal outside PortalProvider');
  return value;
}
