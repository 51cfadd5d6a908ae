import type { BlockComponent } from '../block-context';

export const Validity: BlockComponent<'validity'> = ({ block }) => (
  <div className="ef-container">
    <p className="ef-validity">{block.text}</p>
  </div>
);
