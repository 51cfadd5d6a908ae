// Held typing: the one way examflow's forms take keys. A field shows what was typed and tells its
// owner (a machine's event, @rjsf's onChange) only once the person pauses, leaves the field, or
// submits the form; a text box keeps its own value (useTypedInput, decision 045), so a keystroke
// renders nothing, and the OTP boxes re-render only themselves. An edit that changes what the rest
// of the screen shows goes at once: one that clears a shown error, one that enables or disables a
// button (the caller says which), a complete code; from a text box, right after the key is painted
// (decision 060). A phone at a quarter of a laptop's speed spends ~30 ms re-rendering a whole form
// per key.
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
import type { FormContextType, StrictRJSFSchema, WidgetProps } from '@rjsf/utils';

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

export interface HeldValue<V> {
  /** What the field shows: the keys typed, while they are held; else the owner's value. */
  value: V;
  /** A key: held (and sent after the pause) or, when it goes at once, sent now. */
  change: (next: V) => void;
  /** Sends the held keys now (leaving the field). */
  send: () => void;
}

/**
 * The core of a held field. `value` and `onChange` are the owner's; `atOnce` says which edits go
 * at once. Outside a HeldTyping every edit goes at once (nothing would send held keys on submit).
 */
export function useHeldValue<V>(
  id: string,
  value: V,
  onChange: (value: V) => void,
  atOnce?: (next: V) => boolean,
): HeldValue<V> {
  const keys = useContext(HeldContext);
  const [typed, setTyped] = useState<{ text: V; over: V } | null>(null);
  // The owner's value as this field last knew it: as drawn, or as just sent. A key that comes
  // after a send and before the owner's re-render is typed over what was sent (a slow phone can
  // take a key between the two), not over the value drawn before it.
  const latest = useRef({ value, onChange, timer: 0 });
  useLayoutEffect(() => {
    latest.current.value = value;
    latest.current.onChange = onChange;
  });
  const tell = (next: V) => {
    latest.current.value = next;
    (keys?.sendTo(id) ?? latest.current.onChange)(next);
  };
  const [send] = useState(() => () => {
    const self = latest.current;
    window.clearTimeout(self.timer);
    const held = keys?.take(id);
    if (!held) return;
    setTyped(null);
    // A look-up filled the field, a wrong code emptied the boxes: what the owner did wins.
    if (held.over === self.value) tell(held.value as V);
  });
  // Leaving (a step that ends, a page that changes) takes the keys not yet sent.
  useEffect(() => send, [send]);
  return {
    value: typed && typed.over === value ? typed.text : value,
    change: (next) => {
      const self = latest.current;
      window.clearTimeout(self.timer);
      if (!keys || atOnce?.(next) || keys.atOnce(id, next)) {
        keys?.take(id);
        setTyped(null);
        tell(next);
        return;
      }
      setTyped({ text: next, over: self.value });
      keys.hold(id, { value: next, over: self.value, send });
      self.timer = window.setTimeout(send, keys.pauseMs);
    },
    send,
  };
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
 * A text box that keeps its own value (an uncontrolled <input>, decision 045): a key costs the
 * browser's edit and a timer, no React render. The owner (`value`, `onChange`) is told after a
 * pause, on leaving the box, on a submit of the HeldTyping around it, or once the key is painted
 * when `atOnce` or the form's rule says so; outside a HeldTyping every edit is told at once. When
 * the owner's value changes by itself (a look-up, a reset), the box shows it and drops the keys
 * not yet told. `set` writes a value and tells it at once (a date picked in a calendar).
 */
export function useTypedInput(
  id: string,
  value: string,
  onChange: (value: string) => void,
  options: TypedInputOptions = {},
): { input: TypedInputProps; set: (next: string) => void } {
  const keys = useContext(HeldContext);
  const ref = useRef<HTMLInputElement>(null);
  // `told`: the owner's value as this box last knew it, as drawn or as just told (a slow phone can
  // take a key between a send and the owner's re-render: that key is not the owner's change).
  // `cancel`: the pending send (the pause's timer, or the frame an at-once key waits for).
  const latest = useRef({ told: value, onChange, options, cancel: () => {} });
  useLayoutEffect(() => {
    latest.current.onChange = onChange;
    latest.current.options = options;
  });
  const [typed] = useState(() => {
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
    return { tell, send };
  });
  useLayoutEffect(() => {
    const self = latest.current;
    if (value === self.told) return;
    self.told = value;
    self.cancel();
    keys?.take(id);
    if (ref.current && ref.current.value !== value) ref.current.value = value;
  }, [value, id, keys]);
  // Leaving (a step that ends, a page that changes) tells the keys not yet told.
  useEffect(() => typed.send, [typed]);
  const set = (next: string) => {
    if (ref.current) ref.current.value = next;
    typed.tell(next);
  };
  return {
    set,
    input: {
      ref,
      defaultValue: value,
      onChange: (event) => {
        const box = event.target;
        const self = latest.current;
        const next = self.options.normalise?.(box.value) ?? box.value;
        if (next !== box.value) box.value = next;
        self.cancel();
        if (!keys) {
          typed.tell(next);
          return;
        }
        // Held, and told after the pause; an edit that changes what the rest of the screen shows
        // is told as soon as this key is painted (a submit or a blur before that takes it too).
        keys.hold(id, { value: next, over: self.told, send: typed.send });
        if (self.options.atOnce?.(next) || keys.atOnce(id, next)) self.cancel = afterNextPaint(typed.send);
        else {
          const timer = window.setTimeout(typed.send, keys.pauseMs);
          self.cancel = () => window.clearTimeout(timer);
        }
      },
      onBlur: (event) => {
        typed.send();
        latest.current.options.onBlur?.(event.target.value);
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

/** An @rjsf widget that holds its keys (the theme's text and date fields, the Studio's texts). */
export function heldWidget<T, S extends StrictRJSFSchema, F extends FormContextType>(
  Widget: ComponentType<WidgetProps<T, S, F>>,
): ComponentType<WidgetProps<T, S, F>> {
  function HeldWidget(props: WidgetProps<T, S, F>) {
    const held = useHeldValue<unknown>(props.id, props.value, (value) => props.onChange(value));
    return (
      <Widget
        {...props}
        value={held.value}
        onChange={held.change}
        onBlur={(id: string, value: unknown) => {
          held.send();
          props.onBlur(id, value);
        }}
      />
    );
  }
  HeldWidget.displayName = `Held(${Widget.displayName ?? Widget.name})`;
  return HeldWidget;
}
