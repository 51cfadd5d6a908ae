// @vitest-environment jsdom
// An island whose script fails to arrive: the pending note says so in the page's words, a Retry
// button (a real button: keyboard and screen readers reach it) asks for the script again, and
// once it arrives the note is as prerendered again before the island mounts (hydration must find
// the prerendered markup), with the focus on the island's field when Retry had it.
import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadIsland } from './island-loading';

const PRERENDERED = `
  <h2 tabindex="-1">Register Now</h2>
  <label for="reg_mobile">Mobile number</label><input id="reg_mobile">
  <button type="submit" disabled="">Verify</button>
  <p class="ef-register__pending" role="status" data-island-pending="">One moment…</p>`;

function island(texts = true): HTMLElement {
  document.body.innerHTML = `<section id="register_now" aria-busy="true">${PRERENDERED}</section>`;
  const element = document.getElementById('register_now');
  if (!element) throw new Error('no island');
  if (texts) {
    element.dataset.islandFailed = 'फ़ॉर्म लोड नहीं हो सका।';
    element.dataset.islandRetry = 'फिर से कोशिश करें';
  }
  return element;
}

/** A load that fails `failures` times, then resolves; the test decides when each call settles. */
function flakyLoad(failures: number) {
  const calls: { resolve: (island: string) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<string>((resolve, reject) => {
        calls.push({ resolve, reject });
      }),
  );
  const settle = async (n: number) => {
    const call = calls[n];
    if (!call) throw new Error(`load was called ${calls.length} times, not ${n + 1}`);
    if (n < failures) call.reject(new TypeError('Failed to fetch dynamically imported module'));
    else call.resolve('the island');
    // The loader's then/catch run on the next microtasks.
    await Promise.resolve();
    await Promise.resolve();
  };
  return { load, settle };
}

afterEach(() => {
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('loadIsland', () => {
  it('mounts at once when the script arrives, adding nothing', async () => {
    const element = island();
    const { load, settle } = flakyLoad(0);
    const mount = vi.fn();
    loadIsland(element, load, mount);
    await settle(0);
    expect(mount).toHaveBeenCalledWith('the island');
    expect(element.innerHTML).toBe(PRERENDERED);
    expect(element.getAttribute('aria-busy')).toBe('true');
  });

  it('says the script failed, in the page’s words, and Retry loads it again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    const element = island();
    const { load, settle } = flakyLoad(2);
    const mount = vi.fn();
    loadIsland(element, load, mount);
    await settle(0);

    const status = screen.getByRole('status');
    expect(status.textContent).toBe('फ़ॉर्म लोड नहीं हो सका।');
    // Not busy any more: it waits on the student, and screen readers hear the news.
    expect(element.getAttribute('aria-busy')).toBe('false');
    const retry = screen.getByRole('button', { name: 'फिर से कोशिश करें' });
    expect(mount).not.toHaveBeenCalled();

    // By keyboard: Tab to Retry (past the field; Verify is disabled), Enter.
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(retry);
    await user.keyboard('{Enter}');
    expect(load).toHaveBeenCalledTimes(2);
    expect(status.textContent).toBe('One moment…');
    expect(retry.getAttribute('aria-disabled')).toBe('true');
    // A second press while the script is on its way asks for nothing more.
    await user.keyboard('{Enter}');
    expect(load).toHaveBeenCalledTimes(2);

    // It fails again: the same message, Retry usable again (one button, not two).
    await settle(1);
    expect(status.textContent).toBe('फ़ॉर्म लोड नहीं हो सका।');
    expect(screen.getAllByRole('button', { name: 'फिर से कोशिश करें' })).toHaveLength(1);
    expect(retry.hasAttribute('aria-disabled')).toBe(false);

    await user.click(retry);
    expect(load).toHaveBeenCalledTimes(3);
    await settle(2);
    expect(mount).toHaveBeenCalledTimes(1);
    // The island mounts over the markup as prerendered, busy until it has hydrated.
    expect(element.innerHTML).toBe(PRERENDERED);
    expect(element.getAttribute('aria-busy')).toBe('true');
    // Retry had the focus: it goes on to the field, not to the page's body.
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Mobile number' }));
  });

  it('leaves the focus alone when Retry did not have it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = island();
    const { load, settle } = flakyLoad(1);
    loadIsland(element, load, vi.fn());
    await settle(0);
    screen.getByRole('button', { name: 'फिर से कोशिश करें' }).click();
    const heading = screen.getByRole('heading', { name: 'Register Now' });
    heading.focus();
    await settle(1);
    expect(document.activeElement).toBe(heading);
  });

  it('only logs the failure of an island that carries no texts', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const element = island(false);
    const { load, settle } = flakyLoad(1);
    loadIsland(element, load, vi.fn());
    await settle(0);
    expect(logged).toHaveBeenCalledTimes(1);
    expect(element.innerHTML).toBe(PRERENDERED);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['Verify']);
  });
});
