import type { BlockComponent } from '../block-context';
import { Icon } from '../parts';

export const TestHighlights: BlockComponent<'test-highlights'> = ({ block }) => (
  <section id={block.id} className="ef-section ef-highlights">
    <div className="ef-container">
      <h2>{block.heading}</h2>
      <ul className="ef-highlights__list">
        {block.items.map((item, i) => (
          <li key={i} className="ef-highlights__item">
            <Icon src={item.icon} size={40} />
            <span>{item.text}</span>
          </li>
        ))}
      </ul>
    </div>
  </section>
);
