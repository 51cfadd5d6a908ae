// A landing page is whole as HTML: its scripts only enhance it (the carousel, the funnel's
// reporter, the registration card, which loads after the load event anyway). So they are not
// named as <script src> in its head, where the browser would fetch and run them before its first
// paint, but requested by this loader once the page has loaded and painted, or at once when the
// visitor first touches the page (the landing page's LCP is that of the page without
// its scripts). Decision 033.
//
// It is one inline script, the same text on every page; the page's scripts are its data
// attribute. The CSP names its hash (server/security-headers.ts), and no other inline script runs.
// Written as plain text, not a function's source, so that its hash cannot differ between the build
// and the server. Module scripts added with async = false run in the order given (the page script
// before the funnel's reporter), as they would from the head.

/** The attribute of the loader's <script> that lists the page's scripts, space-separated. */
export const AFTER_PAINT_ATTRIBUTE = 'data-after-paint';

export const AFTER_PAINT_LOADER =
  '(function(){' +
  'var d=document,w=window,s=d.currentScript.getAttribute("' +
  AFTER_PAINT_ATTRIBUTE +
  '").split(" "),started=0;' +
  'function start(){if(started)return;started=1;' +
  's.forEach(function(src){var e=d.createElement("script");e.type="module";e.src=src;e.async=false;d.head.appendChild(e)})}' +
  'function afterPaint(){requestAnimationFrame(function(){setTimeout(start,0)})}' +
  'if(d.readyState==="complete")afterPaint();else w.addEventListener("load",afterPaint);' +
  '["pointerdown","keydown","focusin"].forEach(function(t){w.addEventListener(t,start,{capture:true,passive:true})})' +
  '})()';
