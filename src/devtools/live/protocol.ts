// What running actors tell the inspector, over a BroadcastChannel: the event shapes of
// @statelyai/inspect (`@xstate.actor`, `@xstate.event`, `@xstate.snapshot`) plus
// `@xstate.microstep` with the transitions taken, so the inspector can highlight them. Values
// that identify a student (OTPs, dates of birth, tokens, mobile numbers) are masked before they
// leave the page (decision 010).
import { maskMiddle } from '../../domain/mask';

export const INSPECTOR_CHANNEL = 'examflow-inspector';
/** localStorage key: 'stately' sends to Stately's hosted inspector instead (opt-in, online). */
export const INSPECTOR_MODE_KEY = 'examflow.inspector';

interface Base {
  sessionId: string;
  rootId: string;
  _version: string;
  createdAt: string;
}
export interface ActorMessage extends Base {
  type: '@xstate.actor';
  /** The machine's id (`registration`) for a machine, else the invoke id (`loadDashboard`). */
  name: string;
  /** The machine's id when the actor runs a state machine: the inspector draws it on that chart.
   * Absent for promises and callbacks, even when their invoke id is a machine's (`login`). */
  machine?: string;
  parentId?: string;
  snapshot: unknown;
}
export interface EventMessage extends Base {
  type: '@xstate.event';
  sourceId?: string;
  event: { type: string } & Record<string, unknown>;
}
export interface SnapshotMessage extends Base {
  type: '@xstate.snapshot';
  event: { type: string } & Record<string, unknown>;
  snapshot: unknown;
}
export interface MicrostepMessage extends Base {
  type: '@xstate.microstep';
  event: { type: string } & Record<string, unknown>;
  transitions: { source: string; targets: string[]; eventType: string }[];
}
export type InspectorMessage = ActorMessage | EventMessage | SnapshotMessage | MicrostepMessage;

export const PROTOCOL_VERSION = '1.0.0';

// `to`, `sentTo` and `loginId` carry the mobile number (or a roll number) in the verify and
// recovery flows.
const SENSITIVE_KEY = /otp|^code$|dob|birth|password|token|mobile|phone|msisdn|^to$|sentTo|loginId/i;
const PARTLY_SHOWN_KEY = /mobile|phone|msisdn|^to$|sentTo|loginId/i;
/** Events whose `value` is itself sensitive: what is typed into the mobile, OTP or DOB field. */
const SENSITIVE_EVENT = /^(mobile|otp|password|dob|code|id)\./;

const hide = (value: string): string => '•'.repeat(Math.min(value.length, 8)) || '•';

function maskValue(value: unknown, partly: boolean): unknown {
  if (typeof value === 'string') return partly ? maskMiddle(value) : hide(value);
  if (typeof value === 'number') return hide(String(value));
  return value === undefined || value === null || typeof value === 'boolean' ? value : redact(value, true);
}

/** A copy of a snapshot or event with student identifiers masked, safe to show and to post. */
export function redact(value: unknown, all = false, depth = 0): unknown {
  if (depth > 12) return '…';
  if (Array.isArray(value))
    return value.map((v) => (all ? maskValue(v, false) : redact(v, false, depth + 1)));
  if (typeof value !== 'object' || value === null) return all ? maskValue(value, false) : value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'function') continue;
    out[key] =
      all || SENSITIVE_KEY.test(key) ? maskValue(v, PARTLY_SHOWN_KEY.test(key)) : redact(v, false, depth + 1);
  }
  return out;
}

/** A snapshot with its context, output and error masked; its state value is the machine's own. */
export function redactSnapshot(snapshot: unknown): unknown {
  if (typeof snapshot !== 'object' || snapshot === null || !('value' in snapshot)) return redact(snapshot);
  const { value, ...rest } = snapshot as { value: unknown } & Record<string, unknown>;
  return { ...(redact(rest) as Record<string, unknown>), value };
}

export function redactEvent(event: { type: string } & Record<string, unknown>): EventMessage['event'] {
  const copy = redact(event) as EventMessage['event'];
  if (SENSITIVE_EVENT.test(event.type) && 'value' in event)
    copy.value = maskValue(event.value, /^(mobile|id)\./.test(event.type));
  return copy;
}

/** JSON-safe: actor refs, cycles and functions dropped (BroadcastChannel clones, JSON is smaller). */
export function plain(value: unknown): unknown {
  const seen = new WeakSet<object>();
  try {
    return JSON.parse(
      JSON.stringify(value, (_key, v: unknown) => {
        if (typeof v === 'function') return undefined;
        if (typeof v === 'object' && v !== null) {
          if (seen.has(v)) return undefined;
          seen.add(v);
        }
        return v;
      }) ?? 'null',
    ) as unknown;
  } catch {
    return null;
  }
}
