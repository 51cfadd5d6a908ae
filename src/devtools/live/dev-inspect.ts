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
  logic?: { config?: { id?: string }; root?: unknown };
  system?: object;
  getSnapshot(): unknown;
}

const ref = (actor: unknown): Ref => actor as Ref;

// XState numbers sessions per actor system (x:0, x:1, …): every root actor starts its own system,
// and every page of every tab starts again at x:0. The inspector hears them all over one channel,
// so a session id alone would merge the dashboard's actor into the login page's (same x:0). Each
// system gets an id of its own, unique across pages, in front of its session ids.
const PAGE = Math.random().toString(36).slice(2, 8);
let systems = 0;
const systemIds = new WeakMap<object, string>();

/** A session id unique across systems and pages: `<page>.<system>/x:0`. */
export function globalSessionId(actor: unknown): string {
  const { system, sessionId } = ref(actor);
  if (!system) return sessionId;
  let id = systemIds.get(system);
  if (!id) systemIds.set(system, (id = `${PAGE}.${systems++}`));
  return `${id}/${sessionId}`;
}

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
  const actorRef = ref(inspection.actorRef);
  const base = {
    sessionId: globalSessionId(actorRef),
    // The root shares the actor's system, so its id gets the same prefix.
    rootId: actorRef.system
      ? `${globalSessionId(actorRef).split('/')[0]}/${inspection.rootId}`
      : inspection.rootId,
    _version: PROTOCOL_VERSION,
    createdAt: String(Date.now()),
  };
  switch (inspection.type) {
    case '@xstate.actor': {
      const actor = actorRef;
      const parentId = actor._parent ? globalSessionId(actor._parent) : undefined;
      // A state machine has a root state node; a promise's or callback's logic has none.
      const machine = actor.logic?.root ? actor.logic.config?.id : undefined;
      return {
        ...base,
        type: '@xstate.actor',
        // Machines by their id (which names their chart), other actors by their invoke id.
        name: machine ?? actor.id ?? actor.sessionId,
        ...(machine ? { machine } : {}),
        ...(parentId ? { parentId } : {}),
        snapshot: redactSnapshot(plain(initialSnapshot(actor))),
      };
    }
    case '@xstate.event':
      return {
        ...base,
        type: '@xstate.event',
        event: eventOf(inspection.event),
        ...(inspection.sourceRef ? { sourceId: globalSessionId(inspection.sourceRef) } : {}),
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
  // Watching must never change what it watches: a message that cannot be sent is dropped, with a
  // warning, instead of throwing into the actor that is being inspected.
  return (inspection) => {
    try {
      const message = toMessage(inspection);
      if (message) channel.postMessage(message);
    } catch (error) {
      console.warn('examflow inspector: an inspection event was not sent', error);
    }
  };
}
