// The `inspect` observer every actor the app starts gets in development (never in production:
// see actor-inspect.ts). It posts each inspection event to the inspector tab over a
// BroadcastChannel, or, when a developer opted in, hands it to Stately's hosted inspector.
import type { InspectionEvent, Observer } from 'xstate';
import {
  INSPECTOR_CHANNEL,
  INSPECTOR_MODE_KEY,
  PROTOCOL_VERSION,
  plain,
  redactEvent,
  redactSnapshot,
  type InspectorMessage,
} from './protocol';

interface Ref {
  sessionId: string;
  /** The invoke id (`loadClassStreams`) for a child, the machine's id for a root. */
  id?: string;
  _parent?: Ref;
  logic?: { config?: { id?: string } };
  getSnapshot(): unknown;
}

const ref = (actor: unknown): Ref => actor as Ref;

/** An actor reports itself before its first snapshot exists: the next @xstate.snapshot brings it. */
function initialSnapshot(actor: Ref): unknown {
  try {
    return actor.getSnapshot();
  } catch {
    return null;
  }
}
const eventOf = (e: unknown) => redactEvent(plain(e) as { type: string } & Record<string, unknown>);

export function toMessage(inspection: InspectionEvent): InspectorMessage | undefined {
  const base = {
    sessionId: ref(inspection.actorRef).sessionId,
    rootId: inspection.rootId,
    _version: PROTOCOL_VERSION,
    createdAt: String(Date.now()),
  };
  switch (inspection.type) {
    case '@xstate.actor': {
      const actor = ref(inspection.actorRef);
      const parentId = actor._parent?.sessionId;
      return {
        ...base,
        type: '@xstate.actor',
        // Machines by their id (which names their chart), other actors by their invoke id.
        name: actor.logic?.config?.id ?? actor.id ?? actor.sessionId,
        ...(parentId ? { parentId } : {}),
        snapshot: redactSnapshot(plain(initialSnapshot(actor))),
      };
    }
    case '@xstate.event':
      return {
        ...base,
        type: '@xstate.event',
        event: eventOf(inspection.event),
        ...(inspection.sourceRef ? { sourceId: ref(inspection.sourceRef).sessionId } : {}),
      };
    case '@xstate.snapshot':
      return {
        ...base,
        type: '@xstate.snapshot',
        event: eventOf(inspection.event),
        snapshot: redactSnapshot(plain(inspection.snapshot)),
      };
    case '@xstate.microstep':
      return {
        ...base,
        type: '@xstate.microstep',
        event: eventOf(inspection.event),
        transitions: inspection._transitions.map((t) => ({
          source: t.source.id,
          targets: (t.target ?? []).map((n) => n.id),
          eventType: t.eventType,
        })),
      };
    default:
      return undefined;
  }
}

type Inspect = Observer<InspectionEvent> | ((event: InspectionEvent) => void);

function statelyChosen(): boolean {
  try {
    return localStorage.getItem(INSPECTOR_MODE_KEY) === 'stately';
  } catch {
    return false;
  }
}

export function createDevInspect(): (event: InspectionEvent) => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  if (statelyChosen()) {
    // Stately's inspector loads on demand; events before it is ready wait in a queue.
    const queue: InspectionEvent[] = [];
    let forward: Inspect | undefined;
    void import('@statelyai/inspect').then(({ createBrowserInspector }) => {
      forward = createBrowserInspector().inspect;
      for (const e of queue.splice(0)) send(forward, e);
    });
    const send = (to: Inspect, e: InspectionEvent) => (typeof to === 'function' ? to(e) : to.next?.(e));
    return (e) => (forward ? send(forward, e) : queue.push(e));
  }
  const channel = new BroadcastChannel(INSPECTOR_CHANNEL);
  return (inspection) => {
    const message = toMessage(inspection);
    if (message) channel.postMessage(message);
  };
}
