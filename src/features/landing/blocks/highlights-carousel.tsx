import { useId } from 'react';
import type { BlockComponent } from '../block-context';
import { Img } from '../parts';

/**
 * WAI-ARIA carousel pattern. Without script every slide is in a horizontally scrollable list
 * and the controls stay hidden (they would do nothing); the carousel enhancer shows them,
 * shows one slide at a time and rotates every site.landing.carouselAutoplayMs.
 */
export const HighlightsCarousel: BlockComponent<'highlights-carousel'> = ({ block, context }) => {
  const { t } = context;
  const slidesId = `${useId()}slides`;
  const total = block.items.length;
  return (
    <section
      id={block.id}
      className="ef-section ef-carousel"
      aria-roledescription="carousel"
      aria-label={t('carousel.label', { heading: block.heading })}
      data-enhance="carousel"
      data-autoplay-ms={context.site.landing.carouselAutoplayMs}
    >
      <div className="ef-container">
        <h2>{block.heading}</h2>
        {/* The rotation control comes first in reading order (APG). The bar keeps the controls'
            height before the script shows them, so enhancing causes no layout shift. */}
        <div className="ef-carousel__bar">
          <div className="ef-carousel__controls" data-carousel-controls hidden>
            <button
              type="button"
              className="ef-button ef-button--secondary"
              data-carousel-action="toggle"
              data-label-pause={t('carousel.pause')}
              data-label-play={t('carousel.play')}
            >
              {t('carousel.pause')}
            </button>
            <button
              type="button"
              className="ef-carousel__arrow"
              data-carousel-action="prev"
              aria-controls={slidesId}
              aria-label={t('carousel.previous')}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <button
              type="button"
              className="ef-carousel__arrow"
              data-carousel-action="next"
              aria-controls={slidesId}
              aria-label={t('carousel.next')}
            >
              <span aria-hidden="true">›</span>
            </button>
          </div>
        </div>
        {/* Scrollable without script: a keyboard reaches it (the enhancer removes the stop). Its name
            is its own, not the region's again: "Slides" inside "… carousel". */}
        <div
          className="ef-carousel__viewport"
          role="group"
          aria-label={t('carousel.slides')}
          tabIndex={0}
          data-carousel-viewport
        >
          <div id={slidesId} className="ef-carousel__track" data-carousel-track>
            {block.items.map((item, i) => (
              <div
                key={i}
                className="ef-carousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={t('carousel.slide', { current: i + 1, total })}
                data-slide
              >
                {item.image ? <Img className="ef-carousel__image" image={item.image} /> : null}
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </div>
            ))}
          </div>
        </div>
      </div>
    </section>
  );
};
