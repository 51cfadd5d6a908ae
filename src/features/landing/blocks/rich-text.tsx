import type { BlockComponent } from '../block-context';
import { pageHeadingBlock } from '../page-heading';

/** Plain text sections. On a page without a hero the first rich-text heading is the h1. */
export const RichText: BlockComponent<'rich-text'> = ({ block, context }) => {
  const isPageHeading = pageHeadingBlock(context.landing) === block;
  const Heading = isPageHeading ? 'h1' : 'h2';
  const SectionHeading = isPageHeading ? 'h2' : 'h3';
  return (
    <section id={block.id} className="ef-section ef-rich-text">
      <div className="ef-container">
        <Heading>{block.heading}</Heading>
        {block.sections.map((section, i) => (
          <div key={i} className="ef-rich-text__section">
            {section.heading ? <SectionHeading>{section.heading}</SectionHeading> : null}
            {section.paragraphs?.map((text, k) => (
              <p key={k}>{text}</p>
            ))}
            {section.points?.length ? (
              <ul>
                {section.points.map((point, k) => (
                  <li key={k}>{point}</li>
                ))}
              </ul>
            ) : null}
          </div>
        ))}
      </div>
    </section>
  );
};
