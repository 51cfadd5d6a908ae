// The Studio's text widgets: @rjsf's own (controlled) widgets, holding their keys in the form's
// HeldTyping (held-typing.tsx) so a key re-renders the widget and not the whole Studio form. The
// student forms' boxes keep their own value instead (useTypedValue); only the Studio needs this.
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import type { FormContextType, StrictRJSFSchema, WidgetProps } from '@rjsf/utils';
import { useHeldKeys } from '../../ui/forms/held-typing';

interface HeldValue<V> {
  /** What the field shows: the keys typed, while they are held; else the owner's value. */
  value: V;
  /** A key: held (and sent after the pause) or, when it goes at once, sent now. */
  change: (next: V) => void;
  /** Sends the held keys now (leaving the field). */
  send: () => void;
}

/**
 * The core of a held widget. `value` and `onChange` are the owner's; an edit the form's rule names
 * (HeldTypingProps.sendsAtOnce) goes at once. Outside a HeldTyping every edit goes at once (nothing
 * would send held keys on submit).
 */
function useHeldValue<V>(id: string, value: V, onChange: (value: V) => void): HeldValue<V> {
  const keys = useHeldKeys();
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
    // The owner changed the value under the keys (a reset, an undo): what the owner did wins.
    if (held.over === self.value) tell(held.value as V);
  });
  // Leaving (a step that ends, a page that changes) takes the keys not yet sent.
  useEffect(() => send, [send]);
  return {
    value: typed && typed.over === value ? typed.text : value,
    change: (next) => {
      const self = latest.current;
      window.clearTimeout(self.timer);
      if (!keys || keys.atOnce(id, next)) {
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

/** An @rjsf widget that holds its keys (the Studio's texts). */
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
