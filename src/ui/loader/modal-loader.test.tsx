// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalLoader } from './modal-loader';

afterEach(cleanup);

function Card({ busy }: { busy: boolean }) {
  return (
    <section>
      <button type="button" disabled={busy}>
        Verify
      </button>
      <ModalLoader busy={busy} label="Loading, please wait…" />
    </section>
  );
}

describe('ModalLoader', () => {
  it('keeps its live region in the page and says "Loading" only while busy', () => {
    const { rerender } = render(<Card busy={false} />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    rerender(<Card busy />);
    expect(screen.getByRole('status')).toBe(status);
    expect(status.textContent).toBe('Loading, please wait…');
    expect(status.closest('[data-busy]')).not.toBeNull();
    rerender(<Card busy={false} />);
    expect(status.textContent).toBe('');
    expect(status.closest('[data-busy]')).toBeNull();
  });

  it('gives the focus back to the control that started the call when it was dropped meanwhile', () => {
    const { rerender } = render(<Card busy={false} />);
    const verify = screen.getByRole('button', { name: 'Verify' });
    verify.focus();
    // What a browser does when the focused control becomes disabled: the focus drops to the body.
    verify.blur();
    rerender(<Card busy />);
    expect(document.activeElement).toBe(document.body);
    rerender(<Card busy={false} />);
    expect(document.activeElement).toBe(verify);
  });
});
