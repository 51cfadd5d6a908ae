// @vitest-environment jsdom
// A controlled field, server-rendered, typed into before hydration: without the replay React's
// next render puts the rendered value back; with it the component's state gets what was typed.
import { act, useEffect, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { replayTypedValues } from './typed-before-hydration';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

function Field({ onHydrated, rerender }: { onHydrated?: () => void; rerender?: boolean }) {
  const [value, setValue] = useState('');
  const [tick, setTick] = useState(0);
  useEffect(() => {
    onHydrated?.();
    // A render after hydration, as the card has (what only the browser knows).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (rerender) setTick(1);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <form data-tick={tick}>
      <label htmlFor="mobile">Mobile</label>
      <input
        id="mobile"
        value={value}
        onChange={(event) => setValue(event.target.value.replace(/\D/g, ''))}
      />
      <input id="note" defaultValue="kept" />
      <output>{value}</output>
    </form>
  );
}

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

function prerender(): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Field />);
  document.body.append(container);
  return container;
}

describe('replayTypedValues', () => {
  it('hands what was typed before hydration to the field’s onChange', async () => {
    const container = prerender();
    const field = container.querySelector<HTMLInputElement>('#mobile');
    if (!field) throw new Error('no field');
    field.value = '98765 43210';
    await act(async () => {
      root = hydrateRoot(container, <Field rerender onHydrated={() => replayTypedValues(container)} />);
    });
    expect(field.value).toBe('9876543210');
    expect(container.querySelector('output')?.textContent).toBe('9876543210');
    expect(container.querySelector('form')?.dataset.tick).toBe('1');
    // An untouched field is left alone.
    expect(container.querySelector<HTMLInputElement>('#note')?.value).toBe('kept');
  });

  it('is needed: without it the next render empties the field', async () => {
    const container = prerender();
    const field = container.querySelector<HTMLInputElement>('#mobile');
    if (!field) throw new Error('no field');
    field.value = '9876543210';
    await act(async () => {
      root = hydrateRoot(container, <Field rerender />);
    });
    expect(container.querySelector('output')?.textContent).toBe('');
    expect(field.value).toBe('');
  });

  it('does nothing where nothing was typed', async () => {
    const container = prerender();
    await act(async () => {
      root = hydrateRoot(container, <Field rerender onHydrated={() => replayTypedValues(container)} />);
    });
    expect(container.querySelector<HTMLInputElement>('#mobile')?.value).toBe('');
    expect(container.querySelector('output')?.textContent).toBe('');
  });
});
