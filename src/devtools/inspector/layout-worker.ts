// The inspector's layout runs here, off the page's thread: elkjs lays the chart out and the SVG
// is written as a string, which the page inserts as it is.
import ELK from 'elkjs/lib/elk.bundled.js';
import { ELK_SETUP, layoutChart } from '../chart-layout';
import { chartSvg } from '../chart-svg';
import type { LayoutReply, LayoutRequest } from './layout-messages';

const elk = new ELK(ELK_SETUP);

self.onmessage = (message: MessageEvent<LayoutRequest>) => {
  const { id, chart, title } = message.data;
  layoutChart(chart, elk).then(
    (layout) => {
      const reply: LayoutReply = {
        id,
        svg: chartSvg(layout, { interactive: true, title }),
        width: layout.width,
        height: layout.height,
      };
      self.postMessage(reply);
    },
    (error: unknown) => {
      const reply: LayoutReply = { id, error: error instanceof Error ? error.message : String(error) };
      self.postMessage(reply);
    },
  );
};
