// The column chart of the analysis (part 1 §2, §9): chart.js through react-chartjs-2, loaded only
// with this view (React.lazy). Values to 1 decimal, the y-axis in steps of 5. Printing draws the
// canvas again at the printed chart's size (result.css's --ef-print-chart-* on an A4 page, measured
// on a probe: at beforeprint the screen's layout is still in force, so the canvas's own box would
// give the phone's or the desktop's width) and at 3× its pixels (chart.js's own beforeprint advice),
// so the PDF is sharp and holds every subject and the legend. The canvas is an image named by its
// heading; the same numbers are in the table beside it.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartData,
  type ChartOptions,
} from 'chart.js';
import { useEffect, useRef } from 'react';
import { Bar } from 'react-chartjs-2';
import type { ChartSeries } from './result-model';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Colours far apart in lightness, with a dark outline: the columns stay apart in greyscale. */
const FILLS = ['#0b3d91', '#7ea6dc', '#e8eefb', '#17693a'];
const PRINT_PIXEL_RATIO = 3;

/** The y-axis 0–100 in steps of 5, every step labelled; tooltips to 1 decimal (part 1 §9). */
export const chartOptions: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  // No animation: the numbers are the point, and a slow phone's main thread stays free.
  animation: false,
  scales: {
    y: {
      min: 0,
      max: 100,
      ticks: { stepSize: 5, autoSkip: false, color: '#1f2933' },
      grid: { color: '#d5dbe3' },
    },
    // Every subject labelled, however narrow the chart (a phone, an A4 page).
    x: { ticks: { color: '#1f2933', autoSkip: false }, grid: { display: false } },
  },
  plugins: {
    legend: { position: 'bottom', labels: { color: '#1f2933', boxWidth: 14 } },
    tooltip: {
      callbacks: { label: (item) => `${item.dataset.label ?? ''}: ${Number(item.raw).toFixed(1)}` },
    },
  },
};

/** The series as chart.js data: one data set per series, its own fill. */
export const chartData = (series: ChartSeries): ChartData<'bar', number[], string> => ({
  labels: series.labels,
  datasets: series.datasets.map((set, i) => ({
    label: set.label,
    data: set.data,
    backgroundColor: FILLS[i % FILLS.length],
    borderColor: '#0a2540',
    borderWidth: 1,
  })),
});

/**
 * The printed chart's size in CSS pixels: a probe sized by the print variables, there only while
 * it is measured (left in place, its print width would widen a phone's page).
 */
function printedSize(box: HTMLElement | null): { width: number; height: number } | null {
  if (!box) return null;
  const probe = document.createElement('span');
  probe.className = 'ef-result-chart__print-size';
  (box.closest('.ef-result') ?? box).append(probe);
  const { width, height } = probe.getBoundingClientRect();
  probe.remove();
  return width > 0 && height > 0 ? { width, height } : null;
}

export interface ResultChartProps {
  series: ChartSeries;
  label: string;
  /** Called once the chart has drawn (the Print button waits for it). */
  onDrawn?: () => void;
}

export default function ResultChart({ series, label, onDrawn }: ResultChartProps) {
  const chartRef = useRef<Chart<'bar'> | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const drawn = useRef(onDrawn);
  useEffect(() => {
    drawn.current = onDrawn;
  }, [onDrawn]);

  useEffect(() => {
    const sharpen = () => {
      const chart = chartRef.current;
      if (!chart) return;
      chart.options.devicePixelRatio = Math.max(window.devicePixelRatio || 1, PRINT_PIXEL_RATIO);
      const page = printedSize(box.current);
      if (page) chart.resize(page.width, page.height);
      else chart.resize();
    };
    const restore = () => {
      const chart = chartRef.current;
      if (!chart) return;
      chart.options.devicePixelRatio = window.devicePixelRatio || 1;
      chart.resize();
    };
    window.addEventListener('beforeprint', sharpen);
    window.addEventListener('afterprint', restore);
    return () => {
      window.removeEventListener('beforeprint', sharpen);
      window.removeEventListener('afterprint', restore);
    };
  }, []);

  return (
    <div className="ef-result-chart__canvas" ref={box}>
      <Bar
        ref={chartRef}
        role="img"
        aria-label={label}
        options={chartOptions}
        plugins={[
          {
            id: 'efDrawn',
            afterRender: () => {
              drawn.current?.();
              drawn.current = undefined;
            },
          },
        ]}
        data={chartData(series)}
      />
    </div>
  );
}
