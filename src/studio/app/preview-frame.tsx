// The preview's frame. Its first page is loaded as a document (srcdoc); each later render of the same
// page (its <head> unchanged: the same styles) is patched into that document, node by node, so a
// keystroke redraws only the part of the page it changed: no new document to parse, no stylesheet
// to apply again, no image to decode again, and the scroll position stays where the person put it.
// The frame runs no script (its sandbox has no allow-scripts), so the page is its markup alone.
import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { EDITOR_ATTRIBUTES } from './preview-editing';

/** An element's attributes, less those the editor adds to the frame's page (in-place editing). */
const pageAttributes = (element: Element) =>
  Array.from(element.attributes).filter((a) => !EDITOR_ATTRIBUTES.has(a.name));

/** Whether two nodes are the same element (tag and attributes), not minding their children. */
function sameElement(a: Element, b: Element): boolean {
  const theirs = pageAttributes(b);
  const ours = pageAttributes(a);
  if (a.tagName !== b.tagName || ours.length !== theirs.length) return false;
  for (const attribute of ours) if (b.getAttribute(attribute.name) !== attribute.value) return false;
  return true;
}

/**
 * Whether a node is an element, whichever window made it: the frame's nodes are not instances of
 * this window's Element, so `instanceof` would take every one of them for something else.
 */
const isElement = (node: Node): node is Element => node.nodeType === Node.ELEMENT_NODE;

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
    // A text being typed in place is ahead of any drawing of the draft: it is left as it is.
    if (isElement(mine) && mine.hasAttribute('data-studio-editing')) return;
    if (mine.nodeType === Node.TEXT_NODE && node.nodeType === Node.TEXT_NODE) {
      mine.nodeValue = node.nodeValue;
    } else if (isElement(mine) && isElement(node) && sameElement(mine, node)) {
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
  onDocument,
}: {
  html: string;
  style: CSSProperties;
  /** After each page is put in the frame (patched, or set to load). */
  onDrawn?: () => void;
  /** The frame's document once it holds the page (loaded, or patched). */
  onDocument?: (doc: Document) => void;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  // The page the frame's document holds once loaded (patching waits for the load of a new one).
  const loaded = useRef<string | null>(null);
  const drawn = useRef(onDrawn);
  const held = useRef(onDocument);
  useLayoutEffect(() => {
    drawn.current = onDrawn;
    held.current = onDocument;
  });
  useLayoutEffect(() => {
    const element = frame.current;
    if (!element) return;
    const doc = loaded.current !== null ? element.contentDocument : null;
    if (doc && patchDocument(doc, html)) {
      loaded.current = html;
      held.current?.(doc);
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
        const doc = event.currentTarget.contentDocument;
        if (doc) held.current?.(doc);
      }}
    />
  );
}
