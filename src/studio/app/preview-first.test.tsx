// @vitest-environment jsdom
// After a typist's pause the preview asks for the typed draft first and the form takes the keys once
// the preview has drawn it (FormAfterPreview): meanwhile the field keeps showing what was typed.
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SEND_AFTER_MS } from '../../ui/forms/held-typing';
import { createFakeStudioApi, fakeLanding } from './studio-api.test-support';
import type { Json, StudioApi } from './studio-api';
import { StudioApp } from './studio-app';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FILE = 'landings/neet-repeater.json';
const wait = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('the preview before the form', () => {
  it("asks for the typed text at the pause, keeps it in the field, and the draft takes it once it's drawn", async () => {
    const fake = createFakeStudioApi({ [FILE]: fakeLanding() });
    // Previews answered when the test says.
    const asked: { title: unknown; answer: () => void }[] = [];
    const api: StudioApi = {
      ...fake,
      preview: (request, signal) =>
        new Promise((resolve, reject) => {
          signal?.addEventListener('abort', () => reject(new Error('aborted')));
          asked.push({
            title: (request.content as { title?: Json }).title,
            answer: () => void fake.preview(request).then(resolve),
          });
        }),
    };
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={[`/edit/${FILE}`]}>
        <StudioApp api={api} />
      </MemoryRouter>,
    );
    const field = await screen.findByLabelText<HTMLInputElement>(/^Page title/);
    await waitFor(() => expect(asked.length).toBeGreaterThan(0));
    await act(async () => asked.shift()?.answer());

    await user.type(field, ' 2026');
    await wait(SEND_AFTER_MS + 30);
    // Asked for the typed title; the page's heading (the draft's) waits for the preview.
    expect(asked.map((a) => a.title)).toEqual(['NEET repeater scholarship 2026']);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('NEET repeater scholarship');
    expect(field.value).toBe('NEET repeater scholarship 2026');

    await act(async () => asked.shift()?.answer());
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('NEET repeater scholarship 2026'),
    );
    expect(field.value).toBe('NEET repeater scholarship 2026');
  });

  it("puts the keys in the draft before the person's next action, even with no preview answer", async () => {
    const fake = createFakeStudioApi({ [FILE]: fakeLanding() });
    const api: StudioApi = { ...fake, preview: () => new Promise(() => {}) };
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={[`/edit/${FILE}`]}>
        <StudioApp api={api} />
      </MemoryRouter>,
    );
    const field = await screen.findByLabelText<HTMLInputElement>(/^Page title/);
    await user.type(field, ' 2026');
    await wait(SEND_AFTER_MS + 30);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('NEET repeater scholarship');
    // Undo right away: it undoes the typed text (the keys reached the draft first), not less.
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(field.value).toBe('NEET repeater scholarship'));
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(field.value).toBe('NEET repeater scholarship 2026'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('NEET repeater scholarship 2026');
  });
});
