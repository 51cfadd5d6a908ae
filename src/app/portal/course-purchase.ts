// The course purchase's hooks for the views: the app's one actor (the portal's provider,
// purchase-provider.tsx), the view it shows, and the route telling it which view the address shows.
// The dashboard (the gateway's return, the retention pop-up) and the course views (description,
// checkout, payment success) share the actor, so a Back or a route change never loses the entered
// address. This module is a lazy chunk: /dashboard loads it only when it has courses or a gateway
// return.
import { useCallback, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router-dom';
import { coursePurchaseView, type CoursePurchaseView } from '../../features/course/course-purchase-view';
import type { CourseListParams } from '../../generated/api/course-list';
import type { DashboardReply } from '../../generated/api/dashboard';
import type { ProfileReply } from '../../generated/api/profile';
import type { PurchaseActor } from './purchase-actor';
import { PurchaseActorContext } from './purchase-provider';

export type { PurchaseActor } from './purchase-actor';

export interface CourseData {
  dashboard: DashboardReply['data'];
  profile: ProfileReply['data'];
  params: CourseListParams;
  careerType: string | undefined;
}

/** The course call's parameters from the dashboard and the profile (the same as the dashboard's). */
export function courseParams(
  dashboard: DashboardReply['data'] | undefined,
  profile: ProfileReply['data'] | undefined,
): Omit<CourseData, 'dashboard' | 'profile'> | null {
  if (!dashboard || !profile) return null;
  return {
    params: {
      class: dashboard.class,
      stream: dashboard.stream,
      branch_code: dashboard.branch_code,
      roll_number: dashboard.roll_number,
      mobile_number: profile.mobile_number,
    },
    careerType: dashboard.main_exam[0]?.career_type || undefined,
  };
}

/** The app's purchase actor, from the portal's provider (purchase-provider.tsx). */
export const usePurchaseActor = (): PurchaseActor => PurchaseActorContext.useActorRef();

/** The machine's view, re-rendering only when what the student sees changes. */
export function usePurchaseView(actor: PurchaseActor): CoursePurchaseView {
  const last = useRef<{ json: string; view: CoursePurchaseView } | null>(null);
  const read = useCallback(() => {
    const view = coursePurchaseView(actor.getSnapshot());
    const json = JSON.stringify(view);
    if (last.current?.json !== json) last.current = { json, view };
    return last.current.view;
  }, [actor]);
  const subscribe = useCallback(
    (listener: () => void) => {
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  return useSyncExternalStore(subscribe, read);
}

/**
 * Keeps the machine's view in step with the address: a route that shows a view the machine is not
 * in (Back, reload, a link) tells it so, whenever the address or what the route knows changes.
 * A route still on screen after the address has moved on (the machine's own move, rendered as a
 * transition, or a lazy chunk loading) is stale and says nothing: it must not pull the machine
 * back. Once the address returns to it (Back before the move was drawn) it speaks again.
 */
export function useRouteView(
  actor: PurchaseActor,
  route:
    | { view: 'dashboard' }
    | {
        view: 'description' | 'checkout' | 'success';
        courseId: string;
        fromDescription?: boolean;
        purchased?: boolean;
        orderId?: string;
      },
): void {
  const key = JSON.stringify(route);
  const location = useLocation();
  // Before the first paint: a tap on the view's buttons always finds the machine in step.
  useLayoutEffect(() => {
    if (location.pathname !== window.location.pathname) return;
    const snapshot = actor.getSnapshot();
    const current = coursePurchaseView(snapshot);
    if (route.view === 'dashboard') {
      if (current.view !== 'dashboard') actor.send({ type: 'course.close' });
      return;
    }
    if (
      current.view !== route.view ||
      (route.view !== 'success' && current.courseId !== route.courseId) ||
      (route.view === 'checkout' && current.fromDescription !== Boolean(route.fromDescription)) ||
      (route.purchased !== undefined && snapshot.context.purchased !== route.purchased)
    )
      actor.send({ type: 'course.open', ...route });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, key, location]);
}
