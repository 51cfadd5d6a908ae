import type { BlockComponent } from '../block-context';

/**
 * "#top" scrolls to the top of the document natively (HTML spec), so this is a working link
 * without script. The back-to-top enhancer makes it a fixed button that appears only after
 * site.landing.backToTopAfterPx of scrolling: a small round arrow whose name is the text
 * (visually hidden there, as the enhanced styles say).
 */
export const BackToTop: BlockComponent<'back-to-top'> = ({ context }) => (
  <p className="ef-container ef-top">
    <a
      className="ef-top__link"
      href="#top"
      data-enhance="back-to-top"
      data-after-px={context.site.landing.backToTopAfterPx}
    >
      <span className="ef-top__arrow" aria-hidden="true">
        ↑
      </span>
      <span className="ef-top__text">{context.t('backToTop')}</span>
    </a>
  </p>
);
