import type { FaqItem } from '../../../generated/config/landing';
import type { BlockComponent } from '../block-context';

/**
 * FAQ and accordion blocks: native <details>, so they open and close without any script.
 * The first entry starts open. Questions are not headings: a heading inside <summary> loses
 * its role in several screen readers.
 */
export function Disclosures({ id, heading, items }: { id?: string; heading: string; items: FaqItem[] }) {
  return (
    <section id={id} className="ef-section ef-faq">
      <div className="ef-container">
        <h2>{heading}</h2>
        <div className="ef-faq__items">
          {items.map((item, i) => (
            <details key={item.id} id={item.id} className="ef-faq__item" open={i === 0}>
              <summary className="ef-faq__question">{item.heading}</summary>
              <div className="ef-faq__answer">
                {item.subHeading ? <p className="ef-faq__sub">{item.subHeading}</p> : null}
                <ul>
                  {item.points.map((point, k) => (
                    <li key={k}>{point}</li>
                  ))}
                </ul>
              </div>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}

export const Faq: BlockComponent<'faq'> = ({ block, context }) => (
  <Disclosures
    id={block.id ?? 'faq'}
    heading={block.heading ?? context.t('faq.heading')}
    items={block.items}
  />
);
