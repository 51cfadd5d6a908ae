import type { Block, Landing } from '../../generated/config/landing';
import type { BlockContext } from './block-context';
import { renderBlock } from './block-renderer';
import { isShown, pageHeadingBlock } from './page-heading';

/** Blocks drawn outside <main>: the header before it; back-to-top and the footer after it. */
const beforeMain = new Set<Block['type']>(['header']);
const afterMain = new Set<Block['type']>(['back-to-top', 'footer']);

export function LandingPage({ landing, context }: { landing: Landing; context: BlockContext }) {
  const indexed = landing.blocks.map((block, i) => ({ block, i })).filter(({ block }) => isShown(block));
  const draw = ({ block, i }: { block: Block; i: number }) =>
    // The Studio's preview names each block's place in the draft (decision 053): its
    // outline and in-place editing find the block by it. `display: contents` keeps the layout.
    context.studioMarks ? (
      <div key={i} data-studio-block={`/blocks/${i}`}>
        {renderBlock(block, context)}
      </div>
    ) : (
      renderBlock(block, context, i)
    );
  return (
    <>
      <a className="ef-skip-link" href="#main">
        {context.t('skipToContent')}
      </a>
      {indexed.filter(({ block }) => beforeMain.has(block.type)).map(draw)}
      <main id="main" tabIndex={-1}>
        {/* Every page has exactly one h1; without a hero or rich-text block it is the page title. */}
        {pageHeadingBlock(landing) ? null : <h1 className="ef-visually-hidden">{landing.title}</h1>}
        {indexed.filter(({ block }) => !beforeMain.has(block.type) && !afterMain.has(block.type)).map(draw)}
      </main>
      {indexed.filter(({ block }) => afterMain.has(block.type)).map(draw)}
    </>
  );
}
