// The preview's frame. Its first page is loaded as a document (srcdoc); each later render of the same
// page (its <head> unchanged: the same styles) is patched into that document, node by node, so a
// keystroke redraws only the part of the page it changed: no new document to parse, no stylesheet
// to apply again, no image to decode again, and the scroll position stays where the person put it.
// The frame runs no script (its sandbox has no allow-scripts), so the page is its markup alone.
import { useLayoutEffect, useRef, type CSSProperties } from 'react';

/** Whether two nodes are the same element (tag and attributes), not minding their children. */
function sameElement(a: Element, b: Element): boolean {
  if (a.tagName !== b.tagName || a.attributes.length !== b.attributes.length) return false;
  for (const attribute of Array.from(a.attributes))
    if (b.getAttribute(attribute.name) !== attribute.value) return false;
  return true;
}

/** Makes `target`'s children those of `source` (another document's), replacing only what differs. */
function patchChildren(target: Node, source: Node): void {
  const doc = target.ownerDocument ?? (target as Document);
  const theirs = Array.from(source.childNodes);
  const ours = Array.from(target.childNodes);
  if (theirs.length !== ours.length) {
    // A block added, removed or moved: this level is redrawn (rare while typing).
    (target as Element).replaceChildren(...theirs.map((node) => doc.importNode(node, true)));
    return;
  }
  theirs.forEach((node, i) => {
    const mine = ours[i];
    if (!mine || mine.isEqualNode(node)) return;
    if (mine.nodeType === Node.TEXT_NODE && node.nodeType === Node.TEXT_NODE) {
      mine.nodeValue = node.nodeValue;
    } else if (mine instanceof Element && node instanceof Element && sameElement(mine, node)) {
      patchChildren(mine, node);
    } else {
      target.replaceChild(doc.importNode(node, true), mine);
    }
  });
}

/**
 * Puts `html` into the frame's document when it is the same page (the same <head> and <html>
 * attributes) and returns true; false when the document must be loaded anew.
 */
export function patchDocument(doc: Document, html: string): boolean {
  if (!doc.body || !doc.head) return false;
  const next = new DOMParser().parseFromString(html, 'text/html');
  if (!doc.head.isEqualNode(next.head) || !sameElement(doc.documentElement, next.documentElement))
    return false;
  if (!sameElement(doc.body, next.body)) return false;
  patchChildren(doc.body, next.body);
  return true;
}

/** The preview's iframe: loads its first page, patches the later ones in. */
export function PreviewFrame({
  html,
  style,
  onDrawn,
}: {
  html: string;
  style: CSSProperties;
  /** After each page is put in the frame (patched, or set to load). */
  onDrawn?: () => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  // The page the frame's document holds once loaded (patching waits for the load of a new one).
  const loaded = useRef<string | null>(null);
  const drawn = useRef(onDrawn);
  useLayoutEffect(() => {
    drawn.current = onDrawn;
  });
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const doc = loaded.current !== null ? element.contentDocument : null;
    if (doc && patchDocument(doc, html)) {
      loaded.current = html;
    } else {
      loaded.current = null;
      element.srcdoc = html;
    }
    drawn.current?.();
  }, [html]);
  return (
    <iframe
      ref={frame}
      title="Preview of the page as a student sees it"
      sandbox="allow-same-origin"
      style={style}
      onLoad={(event) => {
        // Whatever loaded, patchDocument compares the document's head before patching it.
        loaded.current = event.currentTarget.srcdoc;
      }}
    />
  );
}
