import type { BlockComponent } from '../block-context';

/**
 * "#top" scrolls to the top of the document natively (HTML spec), so this is a working link
 * without script. The back-to-top enhancer makes it a fixed button that appears only after
 * site.landing.backToTopAfterPx of scrolling.
 */
export const BackToTop: BlockComponent<'back-to-top'> = ({ context }) => (
  <p className="ef-container ef-top">
    <a
      className="ef-top__link"
      href="#top"
      data-enhance="back-to-top"
      data-after-px={context.site.landing.backToTopAfterPx}
    >
      <span aria-hidden="true">↑ </span>
      {context.t('backToTop')}
    </a>
  </p>
);
