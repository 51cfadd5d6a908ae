// The purchase actor's provider (decision 044): @xstate/react's actor context, one actor per
// mounted portal, so it lives as long as the app (the dashboard's gateway return and retention
// pop-up and the course views share it: a Back or a route change never loses the entered address)
// and never longer. Its machine comes with every dependency and its input at creation
// (purchase-actor.ts). The machine never moves the address: the view it asks for is opened here,
// and that view's route then tells the machine (useRouteView in course-purchase.ts).
import { createActorContext } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { coursePurchaseMachine } from '../../machines/course-purchase-machine';
import { usePortal } from './portal-provider';
import {
  keptAddress,
  pathOf,
  paymentReturnOf,
  purchaseMachine,
  withoutReturnQuery,
  type PurchaseActor,
} from './purchase-actor';

export const PurchaseActorContext = createActorContext(coursePurchaseMachine);

/** Inside the router (for its navigate); wraps the app's views. */
export function PurchaseProvider({ children }: { children: ReactNode }) {
  const portal = usePortal();
  const location = useLocation();
  // Once, at the first render: the address the app was opened at holds the gateway's return.
  const [start] = useState(() => {
    const paymentReturn = paymentReturnOf(location, portal.config.courseReturnType, portal.store);
    const fields = keptAddress.read();
    return {
      logic: purchaseMachine({
        token: portal.token,
        analytics: portal.analytics,
        store: portal.store,
        onSessionError: portal.onSessionError,
        scrollToAndFocus: portal.scrollToAndFocus,
        scrollToCourses: portal.scrollToCourses,
      }),
      input: { ...(fields ? { fields } : {}), ...(paymentReturn ? { paymentReturn } : {}) },
      // The return is read once: its query goes as the actor starts, so a reload does not repeat it.
      replaceWith: paymentReturn ? withoutReturnQuery(location) : undefined,
    };
  });
  return (
    <PurchaseActorContext.Provider logic={start.logic} options={{ input: start.input }}>
      <PurchaseEffects replaceWith={start.replaceWith} />
      {children}
    </PurchaseActorContext.Provider>
  );
}

/**
 * What the actor asks of the page: the views it requests opened, the typed address kept for the tab.
 * A child's effect runs before the provider's, which starts the actor: nothing it emits as it
 * starts is missed.
 */
function PurchaseEffects({ replaceWith }: { replaceWith: string | undefined }) {
  const actor: PurchaseActor = PurchaseActorContext.useActorRef();
  const navigate = useNavigate();
  useEffect(() => {
    if (replaceWith !== undefined) navigate(replaceWith, { replace: true });
    const requests = actor.on('view.request', (request) => {
      const to = pathOf(request);
      // A request for the address already shown (a second tap before the view changed) adds no
      // history entry.
      if (to === window.location.pathname + window.location.search) return;
      // The gateway's return is replaced, so Back does not land on it again.
      navigate(to, { replace: request.view === 'success' || request.failed });
    });
    const kept = keptAddress.follow(actor);
    return () => {
      requests.unsubscribe();
      kept.unsubscribe();
    };
    // Once per actor: the navigate of the first render serves absolute paths.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor]);
  return null;
}
