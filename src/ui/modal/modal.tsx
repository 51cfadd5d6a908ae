// A modal dialog: labelled by its heading, focus moved in and kept inside, Escape and the close
// button close it, focus returns to what opened it (or, when that is gone or was the page itself,
// to `returnFocus` or the page's main region: never to the body), the page behind is inert. It is rendered at the
// end of <body>, so everything else (the app that opened it included) can be made inert; a region
// marked data-ef-live (the toasts) stays live.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './modal.css';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex]:not([tabindex="-1"])';

export function Modal({
  heading,
  closeLabel,
  onClose,
  returnFocus,
  children,
}: {
  heading: string;
  closeLabel: string;
  onClose: () => void;
  /** Where focus goes on closing when what opened the dialog is gone (a dialog opened on load). */
  returnFocus?: () => HTMLElement | null | undefined;
  children: ReactNode;
}) {
  const headingId = useId();
  const box = useRef<HTMLDivElement>(null);
  const fallback = useRef(returnFocus);
  useEffect(() => {
    fallback.current = returnFocus;
  }, [returnFocus]);
  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    box.current?.focus();
    const outside = [...document.body.children].filter(
      (element) =>
        !element.contains(box.current) &&
        !element.hasAttribute('inert') &&
        !element.hasAttribute('data-ef-live'),
    );
    for (const element of outside) element.setAttribute('inert', '');
    return () => {
      for (const element of outside) element.removeAttribute('inert');
      // The first of these that takes focus (what opened it may be gone, or disabled by now).
      const candidates = [
        opener === document.body ? null : opener,
        fallback.current?.(),
        document.getElementById('main'),
      ];
      for (const candidate of candidates) {
        if (!candidate?.isConnected) continue;
        candidate.focus({ preventScroll: candidate.id === 'main' });
        if (document.activeElement === candidate) break;
      }
    };
  }, []);
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
    } else if (event.key === 'Tab' && box.current) {
      const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      if (event.shiftKey && (document.activeElement === first || document.activeElement === box.current)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
  };
  return createPortal(
    <div className="ef-modal" onKeyDown={onKeyDown}>
      <div
        ref={box}
        className="ef-modal__box"
        role="dialog"
        aria-modal="true"
        aria-labelledby={headingId}
        tabIndex={-1}
      >
        <div className="ef-modal__head">
          <h2 id={headingId}>{heading}</h2>
          <button type="button" className="ef-modal__close" aria-label={closeLabel} onClick={onClose}>
            ×
          </button>
        </div>
        {children}
      </div>
    </div>,
    document.body,
  );
}
