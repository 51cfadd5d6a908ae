// Held typing: the one way examflow's forms take keys. A field shows what was typed and tells its
// owner (a machine's event, @rjsf's onChange) only once the person pauses, leaves the field, or
// submits the form. The student forms' boxes keep their own value (useTypedValue: the text boxes,
// the date of birth, the OTP boxes; decision 045), so a keystroke renders nothing; the Studio's
// controlled widgets hold their keys here too (studio/app/held-widget.tsx). An edit that changes
// what the rest of the screen shows goes right after it is painted (decision 060): one that clears
// a shown error, one that enables or disables a button (the caller says which), a complete code.
// A phone at a quarter of a laptop's speed spends ~30 ms re-rendering a whole form per key.
import {
  createContext,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ComponentProps,
  type ComponentType,
  type FocusEvent,
  type ReactNode,
  type RefObject,
} from 'react';

/** How long after the last key a field tells its owner: longer than a typist's gap between keys. */
export const SEND_AFTER_MS = 200;

/** The longest an at-once key waits for its frame: a hidden tab paints no frames at all. */
const FRAME_WAIT_MS = 100;

/**
 * Runs `run` in a task after the next frame is painted (an animation frame, then a task), or after
 * FRAME_WAIT_MS if no frame comes: a key that goes "at once" is painted first and its owner
 * renders right after (decision 060). Returns the cancel.
 */
function afterNextPaint(run: () => void): () => void {
  let timer = window.setTimeout(run, FRAME_WAIT_MS);
  const frame = window.requestAnimationFrame(() => {
    window.clearTimeout(timer);
    timer = window.setTimeout(run, 0);
  });
  return () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
  };
}

interface Held {
  value: unknown;
  /** The owner's value the keys were typed over: if it changes under them, the owner's wins. */
  over: unknown;
  send: () => void;
}

/** One form's held keys, by field id. */
export class HeldKeys {
  private readonly held = new Map<string, Held>();

  private rules: Pick<HeldTypingProps, 'sendsAtOnce' | 'sendTo'> = {};

  constructor(readonly pauseMs = SEND_AFTER_MS) {}

  /** The form's own rules (HeldTypingProps), as of its last render. */
  setRules(rules: Pick<HeldTypingProps, 'sendsAtOnce' | 'sendTo'>): void {
    this.rules = rules;
  }

  /** Whether the form sends this edit at once (a checkout pincode clearing the city's error). */
  atOnce(id: string, next: unknown): boolean {
    return this.rules.sendsAtOnce?.(id, next) ?? false;
  }

  /** Where a field's keys go when the form says (HeldTypingProps.sendTo), else undefined. */
  sendTo(id: string): ((value: unknown) => void) | undefined {
    const to = this.rules.sendTo;
    return to && ((value) => to(id, value));
  }

  hold(id: string, held: Held): void {
    this.held.set(id, held);
  }

  /** The field's held keys, no longer held. */
  take(id: string): Held | undefined {
    const held = this.held.get(id);
    this.held.delete(id);
    return held;
  }

  /** Sends every field's held keys now: a submit, or an action that reads the fields. */
  sendAll(): void {
    for (const { send } of [...this.held.values()]) send();
  }
}

const HeldContext = createContext<HeldKeys | null>(null);

export interface HeldTypingProps {
  /** Whether an edit of this field (by id) goes at once, besides the field's own rules. */
  sendsAtOnce?: (id: string, next: unknown) => boolean;
  /**
   * Where the fields' keys go, by field id, instead of each field's onChange: the owner itself
   * (the checkout's purchase machine, which outlives its form), so keys typed just before the form
   * goes reach it still.
   */
  sendTo?: (id: string, value: unknown) => void;
  /** The keys' holder, when an action outside the form sends them too (the Studio's Submit). */
  keys?: HeldKeys;
  children?: ReactNode;
}

/** A form's held keys, for the fields inside (and its HeldForm). */
export function HeldTyping({ sendsAtOnce, sendTo, keys: given, children }: HeldTypingProps) {
  const [own] = useState(() => new HeldKeys());
  const keys = given ?? own;
  useEffect(() => {
    keys.setRules({ sendsAtOnce, sendTo });
  });
  useEffect(() => {
    // A shortcut (Ctrl+Z, Ctrl+S…) acts on what the owner has: the keys reach it first.
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey) keys.sendAll();
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [keys]);
  return <HeldContext.Provider value={keys}>{children}</HeldContext.Provider>;
}

/**
 * A <form> whose submit (a button, Enter in a field) first sends the held keys of the HeldTyping
 * around it, so a submit right after typing takes what was typed. Also @rjsf's `tagName`: its
 * submit reads its state after the changes queued in the same event.
 */
export function HeldForm(props: ComponentProps<'form'>) {
  const keys = useContext(HeldContext);
  return (
    <form
      {...props}
      onSubmit={(event) => {
        keys?.sendAll();
        props.onSubmit?.(event);
      }}
    />
  );
}

/** A plain <form> (no @rjsf) holding its fields' keys: HeldTyping and HeldForm in one. */
export function HeldTypingForm({
  sendsAtOnce,
  sendTo,
  ...props
}: ComponentProps<'form'> & Omit<HeldTypingProps, 'children'>) {
  return (
    <HeldTyping sendsAtOnce={sendsAtOnce} sendTo={sendTo}>
      <HeldForm {...props} />
    </HeldTyping>
  );
}

/** Sends the form's held keys: for an action that reads a field and is not a submit. */
export function useSendHeld(): () => void {
  const keys = useContext(HeldContext);
  return () => keys?.sendAll();
}

/** The held keys of the form around, if any (a field of its own kind: the Studio's held widget). */
export function useHeldKeys(): HeldKeys | null {
  return useContext(HeldContext);
}

/** A typed value's edits (useTypedValue): the field shows them itself, so an edit renders nothing. */
export interface TypedValue {
  /**
   * An edit the field already shows: held and told after the pause, or told as soon as its frame
   * is painted when `now`, the field's `atOnce` or the form's rule says so.
   */
  change: (next: string, now?: boolean) => void;
  /** Tells the held edit now (leaving the field). */
  send: () => void;
  /** Tells a value at once (a date picked in a calendar). */
  tell: (next: string) => void;
  /**
   * Shows the owner's value again and drops the edits not yet told: the owner emptied a wrong
   * code, perhaps before it ever drew the code it was told.
   */
  reset: () => void;
}

/**
 * The core of a field that keeps its own value (uncontrolled boxes, decision 045): an edit costs
 * a timer, no React render. The owner (`value`, `onChange`) is told after a pause, on leaving the
 * field, on a submit of the HeldTyping around it, or once the edit is painted when it goes at
 * once; outside a HeldTyping every edit is told at once. When the owner's value changes by itself
 * (a look-up, a reset, a wrong code emptied), `show` puts it in the field and the edits not yet
 * told are dropped.
 */
export function useTypedValue(
  id: string,
  value: string,
  onChange: (value: string) => void,
  options: { atOnce?: (next: string) => boolean; show: (value: string) => void },
): TypedValue {
  const keys = useContext(HeldContext);
  // `told`: the owner's value as this field last knew it, as drawn or as just told (a slow phone
  // can take a key between a send and the owner's re-render: that key is not the owner's change).
  // `cancel`: the pending send (the pause's timer, or the frame an at-once edit waits for).
  const latest = useRef({ value, told: value, onChange, options, cancel: () => {} });
  useLayoutEffect(() => {
    latest.current.value = value;
    latest.current.onChange = onChange;
    latest.current.options = options;
  });
  const [typed] = useState((): TypedValue => {
    const tell = (next: string) => {
      const self = latest.current;
      self.cancel();
      keys?.take(id);
      self.told = next;
      (keys?.sendTo(id) ?? self.onChange)(next);
    };
    const send = () => {
      const held = keys?.take(id);
      if (held) tell(held.value as string);
    };
    const change = (next: string, now = false) => {
      const self = latest.current;
      self.cancel();
      if (!keys) {
        tell(next);
        return;
      }
      keys.hold(id, { value: next, over: self.told, send });
      if (now || self.options.atOnce?.(next) || keys.atOnce(id, next)) self.cancel = afterNextPaint(send);
      else {
        const timer = window.setTimeout(send, keys.pauseMs);
        self.cancel = () => window.clearTimeout(timer);
      }
    };
    const reset = () => {
      const self = latest.current;
      self.told = self.value;
      self.cancel();
      keys?.take(id);
      self.options.show(self.value);
    };
    return { tell, send, change, reset };
  });
  useLayoutEffect(() => {
    if (value !== latest.current.told) typed.reset();
  }, [value, typed]);
  // Leaving (a step that ends, a page that changes) tells the edits not yet told.
  useEffect(() => typed.send, [typed]);
  return typed;
}

/** What a typed <input> spreads (useTypedInput): uncontrolled, so a key re-renders nothing. */
export interface TypedInputProps {
  ref: RefObject<HTMLInputElement | null>;
  defaultValue: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: (event: FocusEvent<HTMLInputElement>) => void;
}

export interface TypedInputOptions {
  /** Rewrites what is typed (digits only, a DD/MM/YYYY mask): written into the box at once. */
  normalise?: (value: string) => string;
  /** Whether this edit goes to the owner at once (it changes what the screen shows besides). */
  atOnce?: (next: string) => boolean;
  onBlur?: (value: string) => void;
}

/**
 * A text box on useTypedValue: a key costs the browser's edit and a timer. `set` writes a value and
 * tells it at once (a date picked in a calendar).
 */
export function useTypedInput(
  id: string,
  value: string,
  onChange: (value: string) => void,
  options: TypedInputOptions = {},
): { input: TypedInputProps; set: (next: string) => void } {
  const ref = useRef<HTMLInputElement>(null);
  const latest = useRef(options);
  useLayoutEffect(() => {
    latest.current = options;
  });
  const typed = useTypedValue(id, value, onChange, {
    atOnce: options.atOnce,
    show: (shown) => {
      if (ref.current && ref.current.value !== shown) ref.current.value = shown;
    },
  });
  return {
    set: (next) => {
      if (ref.current) ref.current.value = next;
      typed.tell(next);
    },
    input: {
      ref,
      defaultValue: value,
      onChange: (event) => {
        const box = event.target;
        const next = latest.current.normalise?.(box.value) ?? box.value;
        if (next !== box.value) box.value = next;
        typed.change(next);
      },
      onBlur: (event) => {
        typed.send();
        latest.current.onBlur?.(event.target.value);
      },
    },
  };
}

/**
 * A standalone typed control (login, recovery, the card's mobile, the coupon): a box showing an
 * error tells its next edit at once, so the owner clears the error as the fix is typed.
 */
export function sendsOnError<P extends { error?: string; sendsAtOnce?: (next: string) => boolean }>(
  Widget: ComponentType<P>,
): ComponentType<P> {
  function OnError(props: P) {
    const { error, sendsAtOnce } = props;
    return (
      <Widget {...props} sendsAtOnce={(next: string) => Boolean(error) || (sendsAtOnce?.(next) ?? false)} />
    );
  }
  OnError.displayName = `Held(${Widget.displayName ?? Widget.name})`;
  return OnError;
}
