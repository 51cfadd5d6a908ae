// @vitest-environment jsdom
// A new image in the editor: uploaded, it asks for its description (required, the error linked to
// the field) before it is used; its width and height come from the file and land in the page with
// the description. Images not yet on the site say so.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { seriousViolations } from '../../../tests/fixtures/a11y-dom';
import { createFakeStudioApi, fakeLanding } from './studio-api.test-support';
import { StudioApp } from './studio-app';
import { renderStudioAs } from './studio-render.test-support';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const FILE = 'landings/neet-repeater.json';

describe('a new image', () => {
  it('asks for its description before it is used, and takes its size from the file', async () => {
    const user = userEvent.setup();
    const api = createFakeStudioApi({ [FILE]: fakeLanding() });
    render(
      <MemoryRouter initialEntries={[`/edit/${FILE}`]}>
        <StudioApp api={api} />
      </MemoryRouter>,
    );
    // The hero's image: the hero chosen in the outline first (the form shows one block at a time).
    await user.click(await screen.findByRole('button', { name: /^2\. Hero/ }));
    const [choose] = await screen.findAllByRole('button', { name: 'Choose image…' });
    if (!choose) throw new Error('no image field');
    await user.click(choose);
    const picker = await screen.findByRole('dialog', { name: 'Choose an image' });
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'Hall Photo.PNG', {
      type: 'image/png',
    });
    await user.upload(within(picker).getByLabelText(/upload a new image/i), file);

    const describe = await screen.findByRole('dialog', { name: 'Describe the new image' });
    expect(within(describe).getByText('640 × 320 pixels (taken from the file).')).toBeTruthy();
    const alt = within(describe).getByLabelText('Image description (for screen readers)');
    expect(document.activeElement).toBe(alt);
    await user.click(within(describe).getByRole('button', { name: 'Use this image' }));
    expect(alt.getAttribute('aria-invalid')).toBe('true');
    expect(alt.getAttribute('aria-describedby')).toContain('st-picker-alt-error');
    expect(document.getElementById('st-picker-alt-error')?.textContent).toMatch(/^Describe the image/);
    expect(await seriousViolations(describe)).toEqual([]);

    await user.type(alt, 'Students writing the test in a hall');
    await user.click(within(describe).getByRole('button', { name: 'Use this image' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => {
      const hero = (
        api.writes.at(-1)?.content as { blocks: { type: string; image?: object }[] } | undefined
      )?.blocks.find((b) => b.type === 'hero');
      expect(hero?.image).toEqual({
        src: '/images/hall-photo.png',
        alt: 'Students writing the test in a hall',
        width: 640,
        height: 320,
      });
    });

    // Chosen again from the list, the upload says it is not on the site until published.
    await user.click(choose);
    const again = await screen.findByRole('dialog', { name: 'Choose an image' });
    const choice = await within(again).findByRole('button', { name: /hall-photo\.png/ });
    expect(choice.textContent).toContain('Not on the site until published');
  });

  it('is listed for a publisher to remove while no published page uses it', async () => {
    const user = userEvent.setup();
    const api = createFakeStudioApi({ [FILE]: fakeLanding() });
    await api.uploadImage('old-banner.png', new Blob(['x'], { type: 'image/png' }), false);
    await api.uploadImage('spare.png', new Blob(['x'], { type: 'image/png' }), false);
    renderStudioAs(api, 'publisher', '/');
    await user.click(await screen.findByText('Images no published page uses'));
    const remove = await screen.findByRole('button', { name: 'Remove old-banner.png' });
    expect(remove.closest('li')?.textContent).toContain('640 × 320');
    await user.click(remove);
    expect(await screen.findByText('Removed old-banner.png.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove old-banner.png' })).toBeNull();
    // Focus moves to the next image's Remove, never to the page's body.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Remove spare.png' })),
    );
  });
});
