import type { BlockComponent } from '../block-context';
import { Icon } from '../parts';

export const GreenStrip: BlockComponent<'green-strip'> = ({ block }) => (
  <div className="ef-strip">
    <p className="ef-container ef-strip__inner">
      <Icon src={block.icon} size={28} />
      <span>{block.text}</span>
    </p>
  </div>
);
