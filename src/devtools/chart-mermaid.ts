// A chart as Mermaid stateDiagram-v2 text: reviewable as a diff, and drawn by GitHub's viewer.
import { delayText, guardText, type ChartEdge, type MachineChart } from './machine-chart';

/** Mermaid state ids: letters, digits and underscores only. */
const mid = (id: string): string => id.replace(/[^A-Za-z0-9_]/g, '_');
const clean = (text: string): string => text.replace(/[:;#{}]/g, ' ').trim();

function label(edge: ChartEdge): string {
  const guard = edge.guard ? ` [${guardText(edge.guard)}]` : '';
  switch (edge.kind) {
    case 'event':
      return `${edge.event}${guard}`;
    case 'always':
      return `always${guard}`;
    case 'after':
      return `after ${delayText(edge.delay)}${guard}`;
    case 'invoke.done':
      return `done ${edge.invokeId}${guard}`;
    case 'invoke.error':
      return `error ${edge.invokeId}${guard}`;
    case 'state.done':
      return `done${guard}`;
  }
}

export function chartMermaid(chart: MachineChart): string {
  const lines = ['stateDiagram-v2'];
  const write = (id: string, depth: number): void => {
    const node = chart.nodes[id];
    if (!node) return;
    const pad = '  '.repeat(depth);
    if (id !== chart.root) {
      lines.push(`${pad}state "${clean(node.key)}" as ${mid(id)}`);
      if (node.type === 'final') lines.push(`${pad}${mid(id)} --> [*]`);
      if (node.type === 'history') lines.push(`${pad}note right of ${mid(id)} : history (${node.history})`);
      for (const invoke of node.invoke) lines.push(`${pad}${mid(id)} : invoke ${clean(invoke.src)}`);
    }
    if (node.children.length === 0) return;
    const inner = id === chart.root ? pad : `${pad}  `;
    if (id !== chart.root) lines.push(`${pad}state ${mid(id)} {`);
    node.children.forEach((child, i) => {
      if (node.type === 'parallel' && i > 0) lines.push(`${inner}--`);
      write(child, id === chart.root ? depth : depth + 1);
    });
    if (node.initial) lines.push(`${inner}[*] --> ${mid(node.initial)}`);
    if (id !== chart.root) lines.push(`${pad}}`);
  };
  write(chart.root, 1);
  for (const edge of chart.edges)
    for (const target of edge.targets)
      lines.push(`  ${mid(edge.source)} --> ${mid(target)} : ${clean(label(edge))}`);
  return `${lines.join('\n')}\n`;
}
