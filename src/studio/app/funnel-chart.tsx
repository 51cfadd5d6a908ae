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
import { variantColour } from '../model/funnel-view';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

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
  // The steps any shown variant has (a free programme has no payment steps), in funnel order.
  const steps = FUNNEL_STEPS.filter((step) => variants.some((v) => v.steps.some((s) => s.step === step)));
  const data = {
    labels: steps.map((step) => FUNNEL_STEP_NAMES[step]),
    datasets: variants.map((v, i) => ({
      label: name(v),
      data: steps.map((step) => v.steps.find((s) => s.step === step)?.visitors ?? 0),
      backgroundColor: variantColour(i).hex,
      // An edge on every bar: the pale colours (yellow, sky blue) stand out from the white too.
      borderColor: '#1f2933',
      borderWidth: 1,
    })),
  };
  return (
    <>
      <div className="st-funnel-chart">
        <Bar
          data={data}
          options={OPTIONS}
          role="img"
          aria-label={`Visitors at each step, one colour per variant: ${variants
            .map((v, i) => `${name(v)} in ${variantColour(i).name.toLowerCase()}`)
            .join('; ')}. The same numbers are in the table.`}
        />
      </div>
      <ul className="st-legend" aria-label="Colours">
        {variants.map((v, i) => (
          <li key={`${v.programme}:${v.variant}`}>
            <Swatch index={i} />
            {name(v)}
          </li>
        ))}
      </ul>
    </>
  );
}

/** A variant's colour as a square, with the colour's name for readers who cannot tell the colours apart. */
export function Swatch({ index }: { index: number }) {
  const colour = variantColour(index);
  return (
    <>
      <span className="st-swatch" style={{ background: colour.hex }} aria-hidden="true" />
      <span className="st-swatch-name">{colour.name}:</span>{' '}
    </>
  );
}
