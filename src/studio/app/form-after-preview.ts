// After a typist's pause, held typing sends the keys to the form, and @rjsf redraws the whole form
// before its onChange gives the editor the new draft (tens of ms, more on a slow laptop). The
// preview has already asked for that draft (formContext.typed): the form's redraw waits until the
// preview has drawn it and that is painted, so that it is not kept waiting behind the redraw. It waits no longer
// than REDRAW_WITHIN_MS, and never past the person's next input: any key, click, drag, paste or
// focus first puts the keys in the form, before the page's own handlers (an undo, a block moved)
// read the draft. A send made while such an input is handled (a blur, Ctrl+Z) goes at once.

export const REDRAW_WITHIN_MS = 150;

const INPUTS = [
  'pointerdown',
  'mousedown',
  'touchstart',
  'keydown',
  'focusin',
  'dragstart',
  'drop',
  'paste',
  'cut',
  'beforeinput',
  'submit',
] as const;

export class FormAfterPreview {
  private waiting: (() => void) | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private handling = false;

  /** Runs `commit` at once during an input, else once the preview is drawn (see the top). */
  defer(commit: () => void): void {
    this.flush();
    if (this.handling) return commit();
    this.waiting = commit;
    this.timer = setTimeout(this.flush, REDRAW_WITHIN_MS);
  }

  /**
   * The preview has drawn the draft: the keys go to the form once that frame is painted (a redraw
   * started now would hold the paint back).
   */
  drawn = (): void => {
    if (!this.waiting) return;
    requestAnimationFrame(() => setTimeout(this.flush));
  };

  /** Puts the waiting keys in the form now (the person does something, or it has waited enough). */
  flush = (): void => {
    clearTimeout(this.timer);
    const commit = this.waiting;
    this.waiting = undefined;
    commit?.();
  };

  /** Watches `target` for the person's input, ahead of the page's handlers; returns the undo. */
  watch(target: Window): () => void {
    const onInput = () => {
      this.flush();
      // Until the event is handled: its listeners may send held keys, which go at once.
      if (!this.handling) {
        this.handling = true;
        setTimeout(() => (this.handling = false));
      }
    };
    for (const type of INPUTS) target.addEventListener(type, onInput, true);
    return () => {
      for (const type of INPUTS) target.removeEventListener(type, onInput, true);
      this.flush();
    };
  }
}
