import type { BlockComponent } from '../block-context';
import { Icon } from '../parts';

export const Criteria: BlockComponent<'criteria'> = ({ block, context }) => {
  const criteria = context.programme.criteria;
  // A page that narrows who may register (a repeater page) states its own eligibility.
  const own = block.source === 'eligibility' ? context.landing.eligibility?.criteria : undefined;
  const table =
    own ?? criteria?.translations?.[context.landing.locale]?.[block.source] ?? criteria?.[block.source];
  if (!table) {
    throw new Error(
      `Criteria block: programme "${context.programme.id}" has no criteria.${block.source} table (landing ${context.landing.paths[0]})`,
    );
  }
  return (
    <section id={block.id} className="ef-section ef-criteria">
      <div className="ef-container">
        <h2>{table.heading}</h2>
        <dl className="ef-criteria__rows">
          {table.rows.map((row, i) => (
            <div className="ef-criteria__row" key={i}>
              <dt>
                <Icon src={row.icon} />
                {row.mode}
              </dt>
              <dd>{row.details}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
};
