// Engagement tracking of the logged-in portal (part 2 §9: "Scroll-tracking debounce 1 s; video
// focus polled every 100 ms"), sent through the one analytics interface (analytics.ts):
// - scroll_depth: once the page has rested 1 s after scrolling, the deepest share of the page seen
//   so far (in tenths), sent only when it grew — no event per scroll frame on a slow phone;
// - video_focus: a video player (the dashboard's video banner: the page's own player, or an
//   embedded one; a video in an FAQ answer) took the focus. A click inside a cross-origin frame
//   reaches no handler of the page; the page only sees document.activeElement become the frame,
//   so it is polled (the page's own player is watched the same way).
import { useEffect } from 'react';
import type { Analytics } from './analytics';

export const SCROLL_TRACK_DEBOUNCE_MS = 1_000;
export const VIDEO_FOCUS_POLL_MS = 100;

/** The share of the page seen, rounded down to a tenth, as a percentage (0, 10 … 100). */
export function scrollDepthPercent(scrollY: number, viewportHeight: number, pageHeight: number): number {
  if (pageHeight <= viewportHeight) return 100;
  const seen = Math.min(1, Math.max(0, (scrollY + viewportHeight) / pageHeight));
  return Math.floor(seen * 10) * 10;
}

/** Watches the scroll of `win`; returns the stop function. */
export function watchScrollDepth(
  win: Window,
  onDepth: (percent: number) => void,
  debounceMs = SCROLL_TRACK_DEBOUNCE_MS,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let deepest = 0;
  const settle = () => {
    const doc = win.document.documentElement;
    const percent = scrollDepthPercent(win.scrollY, win.innerHeight, doc.scrollHeight);
    if (percent <= deepest) return;
    deepest = percent;
    onDepth(percent);
  };
  const scrolled = () => {
    clearTimeout(timer);
    timer = setTimeout(settle, debounceMs);
  };
  win.addEventListener('scroll', scrolled, { passive: true });
  return () => {
    clearTimeout(timer);
    win.removeEventListener('scroll', scrolled);
  };
}

/** Polls which element has the focus; each move into a player (a frame, a video) is reported once. */
export function watchFrameFocus(
  doc: Document,
  onFocus: (player: HTMLIFrameElement | HTMLVideoElement) => void,
  pollMs = VIDEO_FOCUS_POLL_MS,
): () => void {
  let focused: Element | null = null;
  const poll = setInterval(() => {
    const active = doc.activeElement;
    if (active === focused) return;
    focused = active;
    if (active instanceof HTMLIFrameElement || active instanceof HTMLVideoElement) onFocus(active);
  }, pollMs);
  return () => clearInterval(poll);
}

/** Both watchers for as long as the portal is mounted. */
export function useEngagementTracking(analytics: Analytics): void {
  useEffect(() => {
    const stopScroll = watchScrollDepth(window, (percent) => {
      void analytics.track('scroll_depth', { percent, view: viewOf(window.location.pathname) });
    });
    const stopFocus = watchFrameFocus(document, (frame) => {
      void analytics.track('video_focus', { title: frame.title, view: viewOf(window.location.pathname) });
    });
    return () => {
      stopScroll();
      stopFocus();
    };
  }, [analytics]);
}

/** The kind of view, not its address: no roll number or order id in an analytics event. */
function viewOf(pathname: string): string {
  const [, , kind = 'dashboard'] = pathname.split('/');
  return /^[a-z-]{1,32}$/.test(kind) ? kind : 'dashboard';
}
