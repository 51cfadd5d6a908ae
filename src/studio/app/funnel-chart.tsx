// The Funnel view's chart: chart.js bars, one group per step and one colour per
// variant. The canvas is an image named by its label; the table beside it holds the same numbers.
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartOptions,
} from 'chart.js';
import { Bar } from 'react-chartjs-2';
import { FUNNEL_STEP_NAMES, type VariantFunnel } from '../../domain/funnel-report';
import { FUNNEL_STEPS } from '../../domain/funnel-steps';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

/** Distinct hues, each dark enough to see on white (≥ 3:1): a variant keeps its colour by its place. */
export const VARIANT_COLOURS = [
  '#0b5cad',
  '#c2410c',
  '#15803d',
  '#7e22ce',
  '#b91c1c',
  '#0e7490',
  '#a16207',
  '#4d5b6a',
];

const OPTIONS: ChartOptions<'bar'> = {
  responsive: true,
  maintainAspectRatio: false,
  // No animation: the numbers are the point.
  animation: false,
  scales: {
    y: {
      beginAtZero: true,
      ticks: { color: '#1f2933', precision: 0 },
      title: { display: true, text: 'Visitors' },
    },
    x: { ticks: { color: '#1f2933', autoSkip: false }, grid: { display: false } },
  },
  // The legend is the list under the chart: page titles are long, and a list wraps where a canvas clips.
  plugins: { legend: { display: false } },
};

export function FunnelChart({
  variants,
  name,
}: {
  variants: VariantFunnel[];
  name: (v: VariantFunnel) => string;
}) {
  const data = {
    labels: FUNNEL_STEPS.map((step) => FUNNEL_STEP_NAMES[step]),
    datasets: variants.map((v, i) => ({
      label: name(v),
      data: FUNNEL_STEPS.map((step) => v.steps.find((s) => s.step === step)?.visitors ?? 0),
      backgroundColor: VARIANT_COLOURS[i % VARIANT_COLOURS.length],
    })),
  };
  return (
    <>
      <div className="st-funnel-chart">
        <Bar
          data={data}
          options={OPTIONS}
          role="img"
          aria-label={`Visitors at each step, one colour per variant: ${variants.map(name).join('; ')}. The same numbers are in the table.`}
        />
      </div>
      <ul className="st-legend" aria-label="Colours">
        {variants.map((v, i) => (
          <li key={`${v.programme}:${v.variant}`}>
            <span
              className="st-swatch"
              style={{ background: VARIANT_COLOURS[i % VARIANT_COLOURS.length] }}
              aria-hidden="true"
            />
            {name(v)}
          </li>
        ))}
      </ul>
    </>
  );
}
