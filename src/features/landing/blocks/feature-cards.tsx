import type { BlockComponent } from '../block-context';
import { Icon, LinkTo } from '../parts';

export const FeatureCards: BlockComponent<'feature-cards'> = ({ block }) => {
  // Without a block heading the card titles are the section's headings (h2): no skipped level.
  const CardHeading = block.heading ? 'h3' : 'h2';
  return (
    <section id={block.id} className="ef-section ef-features">
      <div className="ef-container">
        {block.heading ? <h2>{block.heading}</h2> : null}
        <ul className="ef-features__cards">
          {block.cards.map((card, i) => (
            <li key={i} className="ef-card">
              <Icon src={card.icon} size={48} />
              <CardHeading className="ef-card__title">{card.title}</CardHeading>
              <p>{card.text}</p>
            </li>
          ))}
        </ul>
        <p className="ef-features__apply">
          <LinkTo className="ef-button" link={block.applyLink} />
        </p>
        {block.notices.length ? (
          <ul className="ef-features__notices">
            {block.notices.map((notice, i) => (
              <li key={i}>{notice}</li>
            ))}
          </ul>
        ) : null}
        <p className="ef-features__register">
          <LinkTo className="ef-button ef-button--secondary" link={block.registerLink} />
        </p>
      </div>
    </section>
  );
};
