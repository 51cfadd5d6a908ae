// The machine inspector: every machine of the registry drawn as a statechart (layout
// in a web worker), zoom and pan, a state's details on click, and the live actors of the app's
// other tabs followed over a BroadcastChannel, with their events and snapshots and a way to step
// back through them. Plain DOM: a developer tool with one page needs no framework.
import { acceptedEvents, edgeLabel, readMachine, type ChartNode, type MachineChart } from '../machine-chart';
import { MACHINES } from '../machine-list';
import { INSPECTOR_CHANNEL, INSPECTOR_MODE_KEY, type InspectorMessage } from '../live/protocol';
import LayoutWorker from './layout-worker?worker&inline';
import type { ELK as ELKApi } from 'elkjs/lib/elk-api';
import { ELK_SETUP, layoutChart, type LayoutEngine } from '../chart-layout';
import { LAYERED } from '../chart-layered';
import { chartSvg } from '../chart-svg';
import type { LayoutReply, LayoutRequest } from './layout-messages';

const charts: MachineChart[] = MACHINES.map((m) => readMachine(m.machine, m.name, m.title));

const $ = <T extends HTMLElement>(id: string): T => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`inspector: #${id} is missing`);
  return el as T;
};
const el = <K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
) => {
  const node = Object.assign(document.createElement(tag), props);
  node.append(...children);
  return node;
};

const machineList = $<HTMLUListElement>('machine-list');
const viewport = $<HTMLDivElement>('viewport');
const canvas = $<HTMLDivElement>('canvas');
const status = $<HTMLSpanElement>('chart-status');
const detail = $<HTMLDivElement>('detail');
const detailHeading = $<HTMLHeadingElement>('detail-heading');

// ---- Layout -----------------------------------------------------------------------------------
// examflow's own layered layout on the page by default (a few ms: the < 500 ms target at 4×), or
// elkjs, as in docs/machines/, in a worker (or on the page where a worker cannot start).
// ?layout=elk|layered overrides the choice kept in localStorage.

const LAYOUT_KEY = 'examflow.inspector.layout';
const layoutChoice = $<HTMLSelectElement>('layout-choice');
const asked = new URLSearchParams(location.search).get('layout') ?? localStorage.getItem(LAYOUT_KEY);
layoutChoice.value = asked === 'elk' ? 'elk' : 'layered';

let worker: Worker | undefined;
const startWorker = (): Worker | undefined => {
  // ?layout-in-page: the benchmark's way to throttle ELK for certain (CDP's CPU throttling is set
  // on the page's target; a worker is a target of its own).
  if (worker || new URLSearchParams(location.search).has('layout-in-page')) return worker;
  try {
    worker = new LayoutWorker();
  } catch {
    return undefined;
  }
  worker.addEventListener('message', (e: MessageEvent<LayoutReply>) => {
    waiting.get(e.data.id)?.(e.data);
    waiting.delete(e.data.id);
  });
  return worker;
};
let requestId = 0;
const waiting = new Map<number, (reply: LayoutReply) => void>();

// One ELK for every chart: a new instance registers its algorithms again (tens of ms, more at 4×).
let pageElk: Promise<ELKApi> | undefined;

async function layOut(chart: MachineChart, title: string): Promise<LayoutReply> {
  const id = ++requestId;
  const onPage = async (engine: LayoutEngine): Promise<LayoutReply> => {
    document.documentElement.dataset.layoutIn = 'page';
    const laying = performance.now();
    const layout = await layoutChart(chart, engine);
    document.documentElement.dataset.layoutMs = String(Math.round(performance.now() - laying));
    const svg = chartSvg(layout, { interactive: true, title });
    return { id, svg, width: layout.width, height: layout.height };
  };
  if (layoutChoice.value === 'layered') return onPage(LAYERED);
  const inWorker = startWorker();
  if (!inWorker)
    return onPage(
      await (pageElk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK(ELK_SETUP))),
    );
  document.documentElement.dataset.layoutIn = 'worker';
  const request: LayoutRequest = { id, chart, title };
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    inWorker.postMessage(request);
  });
}

// ---- Zoom and pan ------------------------------------------------------------------------------

const view = { x: 0, y: 0, scale: 1, width: 0, height: 0 };
const applyView = (): void => {
  canvas.style.transform = `translate(${view.x}px, ${view.y}px) scale(${view.scale})`;
};
function fit(): void {
  const box = viewport.getBoundingClientRect();
  if (!view.width || !box.width) return;
  view.scale = Math.min(1, (box.width - 16) / view.width, (box.height - 16) / view.height);
  view.x = (box.width - view.width * view.scale) / 2;
  view.y = 8;
  applyView();
}
/**
 * The first view of a chart: all of it when it stays readable, else, at a readable size, framed on
 * where the machine starts — the largest state on its initial path (the root's initial child, its
 * initial child, …) that fits the viewport, centred in it (the chart's top left can be empty).
 */
function firstView(chart: MachineChart): void {
  const box = viewport.getBoundingClientRect();
  const whole = Math.min((box.width - 16) / view.width, (box.height - 16) / view.height);
  if (whole >= 0.45) return fit();
  view.scale = 0.6;
  view.x = 8;
  view.y = 8;
  applyView();
  const stateBox = (id: string) =>
    canvas.querySelector(`g.ef-state[data-id="${CSS.escape(id)}"] > rect`)?.getBoundingClientRect();
  let frame: DOMRect | undefined;
  for (let id = chart.nodes[chart.root]?.initial; id; id = chart.nodes[id]?.initial) {
    const r = stateBox(id);
    if (!r) break;
    frame = r;
    if (r.width <= box.width - 16 && r.height <= box.height - 16) break;
  }
  if (!frame) return;
  const fits = frame.width <= box.width - 16 && frame.height <= box.height - 16;
  // Centred when it fits; else its top left in the corner, so its first child is in sight.
  view.x += fits ? box.left + box.width / 2 - (frame.left + frame.width / 2) : box.left + 8 - frame.left;
  view.y += fits ? box.top + box.height / 2 - (frame.top + frame.height / 2) : box.top + 8 - frame.top;
  // No empty band beyond the chart's edges: a state near an edge sits near the viewport's.
  const clamp = (at: number, size: number, room: number) =>
    Math.min(8, Math.max(at, room - 8 - size * view.scale));
  view.x = clamp(view.x, view.width, box.width);
  view.y = clamp(view.y, view.height, box.height);
  applyView();
}
function zoom(factor: number, at?: { x: number; y: number }): void {
  const box = viewport.getBoundingClientRect();
  const point = at ?? { x: box.width / 2, y: box.height / 2 };
  const scale = Math.min(4, Math.max(0.1, view.scale * factor));
  view.x = point.x - ((point.x - view.x) * scale) / view.scale;
  view.y = point.y - ((point.y - view.y) * scale) / view.scale;
  view.scale = scale;
  applyView();
}
$('zoom-in').addEventListener('click', () => zoom(1.25));
$('zoom-out').addEventListener('click', () => zoom(0.8));
$('zoom-fit').addEventListener('click', fit);
viewport.addEventListener(
  'wheel',
  (e) => {
    e.preventDefault();
    const box = viewport.getBoundingClientRect();
    zoom(e.deltaY < 0 ? 1.1 : 1 / 1.1, { x: e.clientX - box.left, y: e.clientY - box.top });
  },
  { passive: false },
);
let drag: { x: number; y: number; moved: boolean } | undefined;
viewport.addEventListener('pointerdown', (e) => {
  drag = { x: e.clientX, y: e.clientY, moved: false };
});
viewport.addEventListener('pointermove', (e) => {
  if (!drag) return;
  const dx = e.clientX - drag.x;
  const dy = e.clientY - drag.y;
  if (!drag.moved && Math.abs(dx) + Math.abs(dy) < 4) return;
  if (!drag.moved) viewport.setPointerCapture(e.pointerId);
  drag = { x: e.clientX, y: e.clientY, moved: true };
  viewport.classList.add('dragging');
  view.x += dx;
  view.y += dy;
  applyView();
});
const endDrag = (): void => {
  viewport.classList.remove('dragging');
  setTimeout(() => (drag = undefined));
};
viewport.addEventListener('pointerup', endDrag);
viewport.addEventListener('pointercancel', endDrag);
viewport.addEventListener('keydown', (e) => {
  if (e.target !== viewport) return;
  const step = 60;
  const moves: Record<string, [number, number]> = {
    ArrowLeft: [step, 0],
    ArrowRight: [-step, 0],
    ArrowUp: [0, step],
    ArrowDown: [0, -step],
  };
  const move = moves[e.key];
  if (move) {
    view.x += move[0];
    view.y += move[1];
    applyView();
  } else if (e.key === '+' || e.key === '=') zoom(1.25);
  else if (e.key === '-') zoom(0.8);
  else if (e.key === '0') fit();
  else return;
  e.preventDefault();
});

/** Keep a focused state in sight: pan so it is inside the viewport. */
function reveal(target: Element): void {
  const box = viewport.getBoundingClientRect();
  const r = target.getBoundingClientRect();
  if (r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom) return;
  view.x += box.left + box.width / 2 - (r.left + r.width / 2);
  view.y += box.top + box.height / 2 - (r.top + r.height / 2);
  applyView();
}

// ---- Machines and states -----------------------------------------------------------------------

let current: MachineChart | undefined;
let selectedState: string | undefined;
const svgCache = new Map<string, LayoutReply>();
const cacheKey = (chart: MachineChart): string => `${layoutChoice.value}:${chart.name}`;
layoutChoice.addEventListener('change', () => {
  localStorage.setItem(LAYOUT_KEY, layoutChoice.value);
  if (current) void choose(current);
});

function renderMachineList(): void {
  machineList.replaceChildren(
    ...charts.map((chart) => {
      const button = el('button', { type: 'button', textContent: chart.title });
      button.setAttribute('aria-pressed', String(chart === current));
      button.addEventListener('click', () => void choose(chart));
      return el('li', {}, button);
    }),
  );
}

async function choose(chart: MachineChart): Promise<void> {
  const started = performance.now();
  current = chart;
  selectedState = undefined;
  if (location.hash !== `#${chart.name}`) history.replaceState(null, '', `#${chart.name}`);
  renderMachineList();
  status.textContent = `Laying out ${chart.title}…`;
  const reply = svgCache.get(cacheKey(chart)) ?? (await layOut(chart, chart.title));
  if (current !== chart) return;
  if (reply.error !== undefined) {
    status.textContent = `Could not lay out ${chart.title}: ${reply.error}`;
    return;
  }
  svgCache.set(cacheKey(chart), reply);
  canvas.innerHTML = reply.svg;
  view.width = reply.width;
  view.height = reply.height;
  viewport.setAttribute(
    'aria-label',
    `Statechart of ${chart.title}. Tab moves through its states, Enter shows one; arrow keys pan, + and − zoom, 0 fits.`,
  );
  firstView(chart);
  renderDetail();
  renderLive();
  // Drawn: the browser has painted the chart (the benchmark reads this figure).
  requestAnimationFrame(() => {
    const ms = Math.round(performance.now() - started);
    document.documentElement.dataset.drawMs = String(ms);
    document.documentElement.dataset.drawn = chart.name;
    status.textContent = `${chart.title}: ${Object.keys(chart.nodes).length} states, ${chart.edges.length} transitions, drawn in ${ms} ms`;
  });
}

const list = (items: string[]): HTMLElement =>
  items.length
    ? el('ul', {}, ...items.map((i) => el('li', {}, el('code', { textContent: i }))))
    : el('span', { className: 'muted', textContent: 'none' });

function renderDetail(): void {
  canvas.querySelectorAll('.ef-selected').forEach((n) => n.classList.remove('ef-selected'));
  const node: ChartNode | undefined = current && selectedState ? current.nodes[selectedState] : undefined;
  if (!current || !node) {
    detailHeading.textContent = 'State';
    detail.replaceChildren(
      el('p', {
        className: 'muted',
        textContent: 'Choose a state (click it, or Tab to it and press Enter).',
      }),
    );
    return;
  }
  canvas.querySelector(`[data-id="${CSS.escape(node.id)}"]`)?.classList.add('ef-selected');
  detailHeading.textContent = `State: ${node.path.join('.') || node.key}`;
  const out = current.edges
    .filter((e) => e.source === node.id)
    .map(
      (e) =>
        `${edgeLabel(e)} → ${e.targets.map((t) => current?.nodes[t]?.path.join('.') ?? t).join(', ') || '(stays)'}`,
    );
  detail.replaceChildren(
    el(
      'dl',
      {},
      el('dt', { textContent: 'Type' }),
      el('dd', { textContent: node.type + (node.history ? ` (${node.history})` : '') }),
      el('dt', { textContent: 'Entry actions' }),
      el('dd', {}, list(node.entry)),
      el('dt', { textContent: 'Exit actions' }),
      el('dd', {}, list(node.exit)),
      el('dt', { textContent: 'Tags' }),
      el('dd', {}, list(node.tags)),
      el('dt', { textContent: 'Invokes' }),
      el('dd', {}, list(node.invoke.map((i) => i.src))),
      el('dt', { textContent: 'Accepted events (with its parents’)' }),
      el('dd', {}, list(acceptedEvents(current, node.id))),
      el('dt', { textContent: 'Transitions' }),
      el('dd', {}, list(out)),
    ),
  );
}

function stateFrom(target: EventTarget | null): SVGGElement | null {
  return target instanceof Element ? target.closest<SVGGElement>('g.ef-state[data-id]') : null;
}
canvas.addEventListener('click', (e) => {
  if (drag?.moved) return;
  const g = stateFrom(e.target);
  if (!g) return;
  selectedState = g.dataset.id;
  renderDetail();
});
canvas.addEventListener('keydown', (e) => {
  const g = stateFrom(e.target);
  if (!g || (e.key !== 'Enter' && e.key !== ' ')) return;
  e.preventDefault();
  selectedState = g.dataset.id;
  renderDetail();
});
canvas.addEventListener('focusin', (e) => {
  const g = stateFrom(e.target);
  if (g) reveal(g);
});

// ---- Live actors -------------------------------------------------------------------------------

interface Entry {
  event: { type: string } & Record<string, unknown>;
  snapshot: unknown;
  transitions: { source: string; targets: string[] }[];
}
interface LiveActor {
  sessionId: string;
  name: string;
  /** The machine it runs (its chart's root id); none for a promise or callback actor. */
  machine?: string;
  parentId?: string;
  entries: Entry[];
  pending: Entry['transitions'];
}
const actors = new Map<string, LiveActor>();
let chosenActor: string | undefined;
let position = -1;
const follow = $<HTMLInputElement>('follow');

function receive(message: InspectorMessage): void {
  if (message.type === '@xstate.actor') {
    if (!actors.has(message.sessionId))
      actors.set(message.sessionId, {
        sessionId: message.sessionId,
        name: message.name,
        machine: message.machine,
        parentId: message.parentId,
        entries: [],
        pending: [],
      });
    const actor = actors.get(message.sessionId);
    if (actor && message.snapshot)
      actor.entries.push({ event: { type: '(started)' }, snapshot: message.snapshot, transitions: [] });
  } else {
    const actor = actors.get(message.sessionId);
    if (!actor) return;
    if (message.type === '@xstate.microstep') actor.pending.push(...message.transitions);
    else if (message.type === '@xstate.snapshot') {
      actor.entries.push({ event: message.event, snapshot: message.snapshot, transitions: actor.pending });
      actor.pending = [];
    } else return;
  }
  const ofMachine = [...actors.values()].filter((a) => a.machine === current?.root);
  if (
    !chosenActor ||
    !actors.has(chosenActor) ||
    (follow.checked && actors.get(chosenActor)?.machine !== current?.root)
  )
    chosenActor = ofMachine.at(-1)?.sessionId;
  if (follow.checked && chosenActor) position = (actors.get(chosenActor)?.entries.length ?? 0) - 1;
  renderLive();
}

if (typeof BroadcastChannel !== 'undefined') {
  const channel = new BroadcastChannel(INSPECTOR_CHANNEL);
  channel.onmessage = (e: MessageEvent<InspectorMessage>) => receive(e.data);
}

/** The ids of the active state nodes for a snapshot's value. */
function activeIds(chart: MachineChart, value: unknown): string[] {
  const ids: string[] = [chart.root];
  const walk = (nodeId: string, v: unknown): void => {
    const node = chart.nodes[nodeId];
    if (!node) return;
    const childOf = (key: string) => node.children.find((c) => chart.nodes[c]?.key === key);
    if (typeof v === 'string') {
      const child = childOf(v);
      if (child) ids.push(child);
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, inner] of Object.entries(v)) {
        const child = childOf(key);
        if (!child) continue;
        ids.push(child);
        walk(child, inner);
      }
    }
  };
  walk(chart.root, value);
  return ids;
}

const valueText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null
      ? Object.entries(value)
          .map(([k, v]) => `${k}.${valueText(v)}`)
          .join(', ')
      : '';

function renderLive(): void {
  const actorList = $<HTMLUListElement>('actor-list');
  $('actors-empty').hidden = actors.size > 0;
  actorList.replaceChildren(
    ...[...actors.values()].map((a) => {
      const last = a.entries.at(-1)?.snapshot as { value?: unknown; status?: unknown } | undefined;
      const status = typeof last?.status === 'string' ? last.status : '…';
      const where = valueText(last?.value)
        ? `${valueText(last?.value)}${status === 'active' ? '' : ` (${status})`}`
        : status;
      // A machine by its id; anything else it invoked (a promise called `login` in the login
      // machine) by its invoke id and whose it is, so no actor passes for a machine it is not.
      const parent = a.parentId ? actors.get(a.parentId) : undefined;
      const label = a.machine ?? `${a.name} (${parent ? `in ${parent.machine ?? parent.name}` : 'actor'})`;
      const button = el('button', {
        type: 'button',
        textContent: `${label} · ${where}`,
      });
      button.setAttribute('aria-pressed', String(a.sessionId === chosenActor));
      button.addEventListener('click', () => {
        chosenActor = a.sessionId;
        position = a.entries.length - 1;
        const chart = charts.find((c) => c.root === (a.machine ?? parent?.machine));
        if (chart && chart !== current) void choose(chart);
        else renderLive();
      });
      return el('li', {}, button);
    }),
  );

  const actor = chosenActor ? actors.get(chosenActor) : undefined;
  const live = actor && current && actor.machine === current.root ? actor : undefined;
  const entry = live?.entries[position];
  const eventList = $<HTMLOListElement>('event-list');
  eventList.replaceChildren(
    ...(live?.entries ?? []).map((e, i) => {
      const button = el('button', { type: 'button', textContent: `${i + 1}. ${e.event.type}` });
      button.setAttribute('aria-current', String(i === position));
      button.addEventListener('click', () => {
        position = i;
        follow.checked = i === (live?.entries.length ?? 0) - 1;
        renderLive();
      });
      return el('li', {}, button);
    }),
  );
  eventList.querySelector('[aria-current=true]')?.scrollIntoView({ block: 'nearest' });
  $<HTMLButtonElement>('step-back').disabled = !live || position <= 0;
  $<HTMLButtonElement>('step-forward').disabled = !live || position >= live.entries.length - 1;
  $('event-payload').textContent = entry ? JSON.stringify(entry.event, null, 2) : '—';
  const snapshot = entry?.snapshot as { value?: unknown; context?: unknown; status?: unknown } | undefined;
  $('event-snapshot').textContent = snapshot
    ? JSON.stringify({ value: snapshot.value, status: snapshot.status, context: snapshot.context }, null, 2)
    : '—';

  canvas
    .querySelectorAll('.ef-active, .ef-taken')
    .forEach((n) => n.classList.remove('ef-active', 'ef-taken'));
  if (current && snapshot) {
    // The root is always active: marking it would paint the whole chart.
    const ids = activeIds(current, snapshot.value).filter((id) => id !== current?.root);
    for (const id of ids)
      canvas.querySelector(`g.ef-state[data-id="${CSS.escape(id)}"]`)?.classList.add('ef-active');
    // Following: keep the state the actor is in within sight.
    const leaf = ids.at(-1);
    const leafNode = leaf ? canvas.querySelector(`g.ef-state[data-id="${CSS.escape(leaf)}"]`) : null;
    if (follow.checked && leafNode) reveal(leafNode);
    for (const t of entry?.transitions ?? [])
      for (const target of t.targets)
        canvas
          .querySelectorAll(
            `g.ef-edge[data-source="${CSS.escape(t.source)}"][data-target="${CSS.escape(target)}"]`,
          )
          .forEach((g) => g.classList.add('ef-taken'));
  }
  $('live-current').textContent = live
    ? `${live.name}: ${valueText(snapshot?.value) || '…'} (event ${position + 1} of ${live.entries.length})`
    : 'No live actor for this machine.';
}

$('clear-actors').addEventListener('click', () => {
  actors.clear();
  chosenActor = undefined;
  position = -1;
  renderLive();
});
$('step-back').addEventListener('click', () => {
  position = Math.max(0, position - 1);
  follow.checked = false;
  renderLive();
});
$('step-forward').addEventListener('click', () => {
  const actor = chosenActor ? actors.get(chosenActor) : undefined;
  position = Math.min((actor?.entries.length ?? 1) - 1, position + 1);
  follow.checked = position === (actor?.entries.length ?? 0) - 1;
  renderLive();
});
follow.addEventListener('change', () => {
  const actor = chosenActor ? actors.get(chosenActor) : undefined;
  if (follow.checked && actor) position = actor.entries.length - 1;
  renderLive();
});

// ---- The opt-in switch for Stately's hosted inspector ------------------------------------------

const stately = $<HTMLInputElement>('stately-switch');
try {
  stately.checked = localStorage.getItem(INSPECTOR_MODE_KEY) === 'stately';
  stately.addEventListener('change', () => {
    if (stately.checked) localStorage.setItem(INSPECTOR_MODE_KEY, 'stately');
    else localStorage.removeItem(INSPECTOR_MODE_KEY);
  });
} catch {
  // Storage is unavailable (a file opened from disk in some browsers): the switch has no effect.
  stately.disabled = true;
}

const fromHash = charts.find((c) => `#${c.name}` === location.hash);
const first = fromHash ?? charts[0];
if (first) void choose(first);
window.addEventListener('hashchange', () => {
  const chart = charts.find((c) => `#${c.name}` === location.hash);
  if (chart && chart !== current) void choose(chart);
});
