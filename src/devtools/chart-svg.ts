// A laid-out chart as an SVG string: the same picture in docs/machines/ and in the inspector
// (which asks for focusable states). Written by hand, so no browser is needed to make it.
import {
  nodeLines,
  nodeTitle,
  LABEL_LINE,
  LINE_HEIGHT,
  type ChartLayout,
  type LaidEdge,
  type LaidNode,
} from './chart-layout';

export const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface SvgOptions {
  /** Focusable, labelled states for the inspector (tabindex, role, data-id). */
  interactive?: boolean;
  title?: string;
}

const STYLE = `
.ef-chart{font:12px system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.ef-state>rect{fill:#fff;stroke:#4b5563;stroke-width:1.2}
.ef-state.ef-compound>rect{fill:#f8fafc}
.ef-state.ef-parallel>rect{fill:#f8fafc;stroke-dasharray:6 3}
.ef-state.ef-final>rect.ef-inner{fill:none}
.ef-state.ef-history>circle{fill:#fff;stroke:#4b5563}
.ef-name{font-weight:600;fill:#111827}
.ef-line{fill:#4b5563;font-size:11px}
.ef-edge path{fill:none;stroke:#6b7280;stroke-width:1.2}
.ef-edge.ef-always path{stroke-dasharray:4 3}
.ef-edge.ef-invoke-error path{stroke:#b91c1c}
.ef-edge.ef-invoke-done path{stroke:#15803d}
.ef-edge text{fill:#1f2937;font-size:11px}
.ef-edge.ef-invoke-error text{fill:#991b1b}
.ef-edge.ef-invoke-done text{fill:#166534}
.ef-label-bg{fill:#fff;opacity:.85}
.ef-initial{fill:#111827}
`;

const f = (n: number): string => String(Math.round(n * 10) / 10);

function nodeSvg(laid: LaidNode, interactive: boolean): string {
  const { node, x, y, width, height } = laid;
  const classes = ['ef-state', `ef-${node.type}`];
  const attrs = interactive
    ? ` tabindex="0" role="button" data-id="${escapeXml(node.id)}" aria-label="${escapeXml(`${node.path.join('.') || node.key} (${node.type})`)}"`
    : ` data-id="${escapeXml(node.id)}"`;
  const parts: string[] = [];
  if (node.type === 'history') {
    parts.push(`<circle cx="${f(x + width / 2)}" cy="${f(y + height / 2)}" r="${f(width / 2)}"/>`);
    parts.push(
      `<text class="ef-name" x="${f(x + width / 2)}" y="${f(y + height / 2 + 4)}" text-anchor="middle">${nodeTitle(node)}</text>`,
    );
  } else {
    parts.push(`<rect x="${f(x)}" y="${f(y)}" width="${f(width)}" height="${f(height)}" rx="6"/>`);
    if (node.type === 'final')
      parts.push(
        `<rect class="ef-inner" x="${f(x + 3)}" y="${f(y + 3)}" width="${f(width - 6)}" height="${f(height - 6)}" rx="4"/>`,
      );
    parts.push(
      `<text class="ef-name" x="${f(x + 10)}" y="${f(y + 18)}">${escapeXml(nodeTitle(node))}</text>`,
    );
    nodeLines(node).forEach((line, i) => {
      parts.push(
        `<text class="ef-line" x="${f(x + 10)}" y="${f(y + 18 + LINE_HEIGHT * (i + 1))}">${escapeXml(line)}</text>`,
      );
    });
  }
  if (laid.initialMarker)
    parts.push(
      `<circle class="ef-initial" cx="${f(laid.initialMarker.x)}" cy="${f(laid.initialMarker.y)}" r="5"/>`,
    );
  return `<g class="${classes.join(' ')}"${attrs}><title>${escapeXml(node.id)}</title>${parts.join('')}</g>`;
}

function edgeSvg(edge: LaidEdge): string {
  const kind = edge.initialOf ? 'initial' : (edge.edge?.kind ?? 'event').replace('.', '-');
  const d = edge.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${f(p.x)} ${f(p.y)}`).join(' ');
  const parts = [`<path d="${d}" marker-end="url(#ef-arrow)"/>`];
  if (edge.labelBox && edge.label) {
    const b = edge.labelBox;
    parts.push(
      `<rect class="ef-label-bg" x="${f(b.x)}" y="${f(b.y)}" width="${f(b.width)}" height="${f(b.height)}"/>`,
    );
    edge.lines.forEach((line, i) => {
      parts.push(`<text x="${f(b.x + 4)}" y="${f(b.y + 12 + i * LABEL_LINE)}">${escapeXml(line)}</text>`);
    });
  }
  const data = edge.edge
    ? ` data-edge="${escapeXml(edge.edge.id)}" data-source="${escapeXml(edge.edge.source)}"`
    : '';
  return `<g class="ef-edge ef-${kind}"${data} data-target="${escapeXml(edge.target)}">${parts.join('')}</g>`;
}

export function chartSvg(layout: ChartLayout, options: SvgOptions = {}): string {
  const title = options.title ?? layout.name;
  // An image cannot hold focusable parts: the inspector's chart is a group of state buttons.
  // Outer states first so inner ones paint on top; edges last so arrows are never hidden.
  const nodes = [...layout.nodes].sort((a, b) => a.node.path.length - b.node.path.length);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="ef-chart" viewBox="0 0 ${layout.width} ${layout.height}" width="${layout.width}" height="${layout.height}" role="${options.interactive ? 'group' : 'img'}" aria-labelledby="ef-title-${escapeXml(layout.name)}">`,
    `<title id="ef-title-${escapeXml(layout.name)}">${escapeXml(`Statechart: ${title}`)}</title>`,
    `<style>${STYLE}</style>`,
    `<defs><marker id="ef-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#4b5563"/></marker></defs>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...nodes.map((n) => nodeSvg(n, options.interactive ?? false)),
    ...layout.edges.map(edgeSvg),
    `</svg>`,
  ].join('\n');
}
