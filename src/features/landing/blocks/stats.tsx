import type { BlockComponent } from '../block-context';
import { StatList } from '../parts';

export const Stats: BlockComponent<'stats'> = ({ block }) => (
  <section className="ef-section ef-stats">
    <div className="ef-container">
      {block.heading ? <h2>{block.heading}</h2> : null}
      <StatList stats={block.items} />
    </div>
  </section>
);
