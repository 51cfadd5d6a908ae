// The inspector's page: served by `npm run dev` at /inspector (script from Vite) and written by
// `npm run inspect` with its script inline, so it opens from disk with no server and no network.
export const INSPECTOR_STYLE = `
*{box-sizing:border-box}
html,body{margin:0;height:100%}
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;background:#f3f4f6}
header{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;align-items:center;padding:.5rem 1rem;background:#1f2937;color:#fff}
header h1{font-size:1.05rem;margin:0}
header label{font-size:.85rem}
.layout{display:grid;grid-template-columns:15rem minmax(0,1fr) 22rem;height:calc(100% - 2.75rem)}
nav,aside{overflow:auto;background:#fff;padding:.75rem}
nav{border-right:1px solid #d1d5db}
aside{border-left:1px solid #d1d5db}
h2{font-size:.95rem;margin:.25rem 0 .5rem}
h3{font-size:.85rem;margin:.75rem 0 .25rem}
ul.plain,ol.plain{list-style:none;margin:0;padding:0}
.machines button,.actors button,.events button{display:block;width:100%;text-align:left;border:1px solid transparent;background:none;padding:.35rem .5rem;border-radius:6px;font:inherit;color:inherit;cursor:pointer}
.machines button[aria-pressed=true],.actors button[aria-pressed=true],.events button[aria-current=true]{background:#dbeafe;border-color:#2563eb}
button:focus-visible,[tabindex]:focus-visible,input:focus-visible,select:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.chart-area{display:flex;flex-direction:column;min-width:0;min-height:0}
.toolbar{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;padding:.5rem .75rem;background:#fff;border-bottom:1px solid #d1d5db}
.toolbar button,.steps button,button.small{font:inherit;padding:.25rem .6rem;border:1px solid #6b7280;border-radius:6px;background:#fff;color:#111827;cursor:pointer}
.toolbar button:disabled,.steps button:disabled{color:#6b7280;border-color:#d1d5db;cursor:not-allowed}
.toolbar select{font:inherit;padding:.2rem;border:1px solid #6b7280;border-radius:6px;background:#fff;color:#111827}
.toolbar .status{margin-left:auto;color:#374151;font-size:.85rem}
.viewport{position:relative;flex:1;overflow:hidden;background:#fff;cursor:grab;touch-action:none;min-height:18rem}
.viewport.dragging{cursor:grabbing}
.canvas{position:absolute;left:0;top:0;transform-origin:0 0}
.canvas svg{display:block}
.ef-state{cursor:pointer}
.ef-state:focus{outline:none}
.ef-state:focus>rect:first-of-type,.ef-state:focus>circle{stroke:#2563eb;stroke-width:3}
.ef-state.ef-selected>rect:first-of-type{stroke:#7c3aed;stroke-width:2.5}
.ef-state.ef-active>rect:first-of-type,.ef-state.ef-active>circle{stroke:#b45309;stroke-width:3}
.ef-state.ef-active.ef-atomic>rect:first-of-type,.ef-state.ef-active.ef-final>rect:first-of-type{fill:#fde68a}
.ef-edge.ef-taken path{stroke:#b45309;stroke-width:2.5}
dl{margin:0}
dt{font-weight:600;font-size:.8rem;color:#374151;margin-top:.5rem}
dd{margin:0}
dd ul{margin:0;padding-left:1.1rem}
code,pre{font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
pre{background:#f9fafb;border:1px solid #e5e7eb;border-radius:6px;padding:.5rem;overflow:auto;max-height:16rem;white-space:pre-wrap;word-break:break-word}
.muted{color:#4b5563}
.steps{display:flex;flex-wrap:wrap;gap:.4rem;align-items:center;margin:.25rem 0}
.events{max-height:14rem;overflow:auto;border:1px solid #e5e7eb;border-radius:6px}
.events button{border-radius:0;font-size:.85rem}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (max-width:900px){
  .layout{display:block;height:auto}
  nav,aside{border:0;border-bottom:1px solid #d1d5db}
  .machines ul{display:flex;flex-wrap:wrap;gap:.25rem}
  .machines button{width:auto}
  .viewport{height:60vh}
}
`;

/** `script` is either a URL (dev server) or the bundle's code (static build, inline). */
export function inspectorHtml(script: { src: string } | { code: string }): string {
  const tag =
    'src' in script
      ? `<script type="module" src="${script.src}"></script>`
      : `<script type="module">${script.code.replace(/<\/script/gi, '<\\/script')}</script>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Machine inspector · examflow</title>
<style>${INSPECTOR_STYLE}</style>
</head>
<body>
<header>
  <h1>examflow machine inspector</h1>
  <label><input type="checkbox" id="stately-switch"> Send live actors to Stately’s hosted inspector instead (online; applies when an app tab reloads)</label>
</header>
<div class="layout">
  <nav class="machines" aria-labelledby="machines-heading">
    <h2 id="machines-heading">Machines</h2>
    <ul class="plain" id="machine-list"></ul>
    <h2 id="actors-heading">Live actors</h2>
    <button type="button" id="clear-actors" class="small">Clear the list</button>
    <p class="muted" id="actors-empty">None yet: run a flow in another tab of this dev server.</p>
    <ul class="plain actors" id="actor-list" aria-labelledby="actors-heading"></ul>
  </nav>
  <main class="chart-area">
    <div class="toolbar">
      <button type="button" id="zoom-in" aria-label="Zoom in">+</button>
      <button type="button" id="zoom-out" aria-label="Zoom out">−</button>
      <button type="button" id="zoom-fit">Fit</button>
      <label>Layout <select id="layout-choice"><option value="layered">examflow layered (fast)</option><option value="elk">ELK layered (as in docs/machines)</option></select></label>
      <span class="status" id="chart-status" role="status"></span>
    </div>
    <div class="viewport" id="viewport" tabindex="0" role="group" aria-roledescription="statechart" aria-label="Statechart">
      <div class="canvas" id="canvas"></div>
    </div>
  </main>
  <aside aria-labelledby="detail-heading">
    <h2 id="detail-heading">State</h2>
    <div id="detail"><p class="muted">Choose a state (click it, or Tab to it and press Enter).</p></div>
    <section aria-labelledby="live-heading">
      <h2 id="live-heading">Live</h2>
      <p id="live-current" role="status" class="muted">No live actor for this machine.</p>
      <div class="steps">
        <button type="button" id="step-back">Step back</button>
        <button type="button" id="step-forward">Step forward</button>
        <label><input type="checkbox" id="follow" checked> Follow</label>
      </div>
      <h3 id="events-heading">Events received</h3>
      <ol class="plain events" id="event-list" aria-labelledby="events-heading"></ol>
      <h3>Event</h3>
      <pre id="event-payload" tabindex="0" aria-label="Event payload">—</pre>
      <h3>Snapshot after it</h3>
      <pre id="event-snapshot" tabindex="0" aria-label="Snapshot after the event">—</pre>
    </section>
  </aside>
</div>
${tag}
</body>
</html>
`;
}
