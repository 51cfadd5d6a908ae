import type { BlockComponent } from '../block-context';
import { StatList } from '../parts';

export const LegacyBanner: BlockComponent<'legacy-banner'> = ({ block }) => (
  <section className="ef-section ef-legacy">
    <div className="ef-container">
      <h2>{block.heading}</h2>
      <p>{block.text}</p>
      {block.stats?.length ? <StatList stats={block.stats} /> : null}
    </div>
  </section>
);
