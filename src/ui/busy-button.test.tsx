// @vitest-environment jsdom
// The busy button: busy keeps focus (no disabled attribute), reads as disabled and
// busy, and a click neither runs its handler nor submits its form; "not possible yet" is disabled.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusyButton } from './busy-button';
import { seriousViolations } from '../../tests/fixtures/a11y-dom';

afterEach(cleanup);

describe('BusyButton', () => {
  it('while busy: focused stays focused, announced disabled and busy, clicks and submits ignored', async () => {
    const onSubmit = vi.fn((event: { preventDefault(): void }) => event.preventDefault());
    const onClick = vi.fn();
    const view = render(
      <form onSubmit={onSubmit}>
        <BusyButton type="submit" className="ef-button" onClick={onClick}>
          Submit
        </BusyButton>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Submit' });
    button.focus();
    view.rerender(
      <form onSubmit={onSubmit}>
        <BusyButton type="submit" className="ef-button" busy onClick={onClick}>
          Submit
        </BusyButton>
      </form>,
    );
    expect(button).toHaveProperty('disabled', false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(button);
    await userEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(await seriousViolations(view.container)).toEqual([]);
  });

  it('not possible yet (blocked): the disabled attribute; once free, clicks run', async () => {
    const onClick = vi.fn();
    const view = render(
      <BusyButton type="button" blocked onClick={onClick}>
        Next
      </BusyButton>,
    );
    const button = screen.getByRole('button', { name: 'Next' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.hasAttribute('aria-disabled')).toBe(false);
    view.rerender(
      <BusyButton type="button" onClick={onClick}>
        Next
      </BusyButton>,
    );
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
