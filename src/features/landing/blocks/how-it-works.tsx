import type { BlockComponent } from '../block-context';
import { Img } from '../parts';

/**
 * Steps to register. Step 1 is active in the HTML; the steps-cycler enhancer moves the
 * highlight when the section is half visible. Only colours change, never the layout.
 */
export const HowItWorks: BlockComponent<'how-it-works'> = ({ block, context }) => {
  const { landing: timing } = context.site;
  return (
    <section
      id={block.id}
      className="ef-section ef-steps"
      data-enhance="steps-cycler"
      data-advance-mobile-ms={timing.stepsAdvanceMobileMs}
      data-advance-desktop-ms={timing.stepsAdvanceDesktopMs}
      data-mobile-breakpoint-px={timing.mobileBreakpointPx}
      data-visible-ratio={timing.stepsVisibleRatio}
    >
      <div className="ef-container">
        <h2>{block.heading}</h2>
        <ol className="ef-steps__list">
          {block.steps.map((step, i) => (
            <li
              key={i}
              className={i === 0 ? 'ef-steps__step is-active' : 'ef-steps__step'}
              data-step={i}
              aria-current={i === 0 ? 'step' : undefined}
            >
              <Img className="ef-steps__image" image={step.image} />
              <p className="ef-steps__number">{context.t('steps.step', { n: i + 1 })}</p>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
};
