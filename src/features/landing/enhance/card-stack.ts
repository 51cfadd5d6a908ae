import { mobile, num, reducedMotion } from './dom';

/**
 * Card stack (mobile widths only; a grid otherwise): dragging the top card sideways by at least
 * data-swipe-threshold-px sends it to the back with a data-swipe-animation-ms slide-out; a
 * shorter drag snaps back. The "next card" button does the same from the keyboard. Stack depth
 * is drawn from --i, set here on every card.
 */
export function cardStack(el: HTMLElement): () => void {
  const threshold = num(el, 'swipeThresholdPx');
  const ms = num(el, 'swipeAnimationMs');
  const narrow = mobile(num(el, 'mobileBreakpointPx'));
  const list = el.querySelector<HTMLElement>('[data-stack-list]');
  const next = el.querySelector<HTMLElement>('[data-stack-next]');
  if (!list || !next) return () => {};

  let busy = false;
  let startX: number | undefined;
  let dx = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const top = (): HTMLElement | null => list.querySelector<HTMLElement>(':scope > li');
  const layer = (): void => {
    const cards = list.querySelectorAll<HTMLElement>(':scope > li');
    cards.forEach((card, i) => {
      card.style.setProperty('--i', String(i));
      card.style.zIndex = String(cards.length - i);
    });
  };
  const place = (card: HTMLElement, transform: string, transition: string): void => {
    card.style.transform = transform;
    card.style.transition = transition;
  };
  const sendToBack = (direction: number): void => {
    const card = top();
    if (!card || busy) return;
    const done = (): void => {
      list.append(card);
      place(card, '', '');
      busy = false;
      layer();
    };
    if (reducedMotion()) return done();
    busy = true;
    place(card, `translateX(${direction * 120}%)`, `transform ${ms}ms ease-in`);
    timer = setTimeout(done, ms);
  };

  const ac = new AbortController();
  const opts = { signal: ac.signal };
  list.addEventListener(
    'pointerdown',
    (e) => {
      const card = top();
      if (busy || !narrow.matches || !card || !(e.target instanceof Node) || !card.contains(e.target)) return;
      startX = e.clientX;
      dx = 0;
      place(card, '', 'none');
    },
    opts,
  );
  // Moves and releases are followed on the document: the finger may leave the card.
  document.addEventListener(
    'pointermove',
    (e) => {
      const card = top();
      if (startX === undefined || !card) return;
      dx = e.clientX - startX;
      place(card, `translateX(${dx}px) rotate(${dx / 20}deg)`, 'none');
    },
    opts,
  );
  const release = (e: Event): void => {
    const card = top();
    if (startX === undefined || !card) return;
    startX = undefined;
    if (e.type === 'pointerup' && Math.abs(dx) >= threshold) sendToBack(Math.sign(dx));
    else place(card, '', '');
  };
  document.addEventListener('pointerup', release, opts);
  document.addEventListener('pointercancel', release, opts);
  next.addEventListener('click', () => sendToBack(-1), opts);

  el.setAttribute('data-enhanced', '');
  next.hidden = false;
  layer();
  return () => {
    ac.abort();
    clearTimeout(timer);
  };
}
