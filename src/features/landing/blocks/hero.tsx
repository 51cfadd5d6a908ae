import type { BlockComponent } from '../block-context';
import { pageHeadingBlock } from '../page-heading';
import { Img, LinkTo } from '../parts';

export const Hero: BlockComponent<'hero'> = ({ block, context }) => {
  const Heading = pageHeadingBlock(context.landing) === block ? 'h1' : 'h2';
  return (
    <section className="ef-hero">
      <div className="ef-container ef-hero__inner">
        <div className="ef-hero__text">
          <Heading className="ef-hero__heading">{block.heading}</Heading>
          {block.subheading ? <p className="ef-hero__sub">{block.subheading}</p> : null}
          {block.points?.length ? (
            <ul className="ef-hero__points">
              {block.points.map((point, i) => (
                <li key={i}>{point}</li>
              ))}
            </ul>
          ) : null}
          {block.cta ? <LinkTo className="ef-button" link={block.cta} /> : null}
        </div>
        <Img className="ef-hero__image" image={block.image} priority />
      </div>
    </section>
  );
};
