import type { BlockComponent } from '../block-context';
import { Img } from '../parts';

/**
 * "Why take a mock test": a grid on wide screens and a plain list without script. The
 * card-stack enhancer turns the list into a swipeable stack at mobile widths and shows the
 * "next card" button, so the stack can be cycled from the keyboard too.
 */
export const CardStack: BlockComponent<'card-stack'> = ({ block, context }) => {
  const { landing: timing } = context.site;
  return (
    <section id={block.id} className="ef-section ef-stack">
      <div className="ef-container">
        <h2>{block.heading}</h2>
        <div
          className="ef-stack__body"
          data-enhance="card-stack"
          data-swipe-threshold-px={timing.swipeThresholdPx}
          data-swipe-animation-ms={timing.swipeAnimationMs}
          data-mobile-breakpoint-px={timing.mobileBreakpointPx}
        >
          <ul className="ef-stack__list" data-stack-list>
            {block.cards.map((card, i) => (
              <li key={i} className="ef-stack__card">
                <Img className="ef-stack__image" image={card.image} />
                <h3>{card.title}</h3>
                <p>{card.text}</p>
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="ef-button ef-button--secondary ef-stack__next"
            data-stack-next
            hidden
          >
            {context.t('cardStack.next')}
          </button>
        </div>
      </div>
    </section>
  );
};
