// Loading an island's script, and what the student sees when it does not arrive (a dropped
// connection on a slow phone): the island's pending note says so in the page's language, and a
// Retry button asks for the script again. The prerendered island carries the texts
// (data-island-failed, data-island-retry) and marks its pending note (data-island-pending). Before
// the island mounts, everything added here is taken away again, so hydration finds exactly the
// prerendered markup.

/** Loads an island and mounts it; a failed load offers Retry when the island carries the texts. */
export function loadIsland<T>(
  element: HTMLElement,
  load: () => Promise<T>,
  mount: (island: T) => void,
): void {
  const failedText = element.dataset.islandFailed;
  const retryText = element.dataset.islandRetry;
  const note = element.querySelector<HTMLElement>('[data-island-pending]');
  // Without the texts or a note to put them in there is nothing to show: the failure is only logged.
  if (!failedText || !retryText || !note) {
    load().then(mount, (error: unknown) => console.error(error));
    return;
  }
  const pendingText = note.textContent ?? '';
  let retry: HTMLButtonElement | undefined;
  let loading = false;

  const attempt = () => {
    if (loading) return;
    loading = true;
    load().then(
      (island) => {
        loading = false;
        // The student who pressed Retry is sent on to the island's first field, not to the body.
        const focusWasOnRetry = retry !== undefined && document.activeElement === retry;
        retry?.remove();
        retry = undefined;
        restoreNote();
        element.setAttribute('aria-busy', 'true');
        if (focusWasOnRetry)
          (
            element.querySelector<HTMLElement>('input, select, textarea') ??
            element.querySelector<HTMLElement>('[tabindex="-1"]')
          )?.focus();
        mount(island);
      },
      (error: unknown) => {
        loading = false;
        console.error(error);
        showFailure();
      },
    );
  };

  const restoreNote = () => {
    note.textContent = pendingText;
    delete note.dataset.islandState;
  };

  const showFailure = () => {
    // A polite status (the note is one): the new text is read out when the student is free.
    note.textContent = failedText;
    note.dataset.islandState = 'failed';
    // The region is no longer busy: it waits on the student now, and a busy region may keep its
    // news from screen readers.
    element.setAttribute('aria-busy', 'false');
    if (!retry) {
      retry = document.createElement('button');
      retry.type = 'button';
      retry.className = 'ef-button ef-island-retry';
      retry.textContent = retryText;
      retry.addEventListener('click', () => {
        if (loading) return;
        // The note says "one moment" again while the script is asked for once more.
        restoreNote();
        note.dataset.islandState = 'retrying';
        element.setAttribute('aria-busy', 'true');
        retry?.setAttribute('aria-disabled', 'true');
        attempt();
      });
      note.after(retry);
    }
    retry.removeAttribute('aria-disabled');
  };

  attempt();
}
