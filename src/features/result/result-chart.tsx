// The column chart of the analysis (part 1 §2, §9): chart.js through react-chartjs-2, loaded only
// with this view (React.lazy). Values to 1 decimal, the y-axis in steps of 5. Printing renders the
// canvas again at 3× its pixels (chart.js's own beforeprint advice), so the PDF is sharp. The
// canvas is an image named by its heading; the same numbers are in the table beside it.
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
    x: { ticks: { color: '#1f2933' }, grid: { display: false } },
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

export interface ResultChartProps {
  series: ChartSeries;
  label: string;
  /** Called once the chart has drawn (the Print button waits for it). */
  onDrawn?: () => void;
}

export default function ResultChart({ series, label, onDrawn }: ResultChartProps) {
  const chartRef = useRef<Chart<'bar'> | null>(null);
  const drawn = useRef(onDrawn);
  useEffect(() => {
    drawn.current = onDrawn;
  }, [onDrawn]);

  useEffect(() => {
    const sharpen = () => {
      const chart = chartRef.current;
      if (!chart) return;
      chart.options.devicePixelRatio = Math.max(window.devicePixelRatio || 1, PRINT_PIXEL_RATIO);
      chart.resize();
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
    <div className="ef-result-chart__canvas">
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
