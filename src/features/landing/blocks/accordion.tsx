import type { BlockComponent } from '../block-context';
import { Disclosures } from './faq';

export const Accordion: BlockComponent<'accordion'> = ({ block }) => (
  <Disclosures id={block.id} heading={block.heading} items={block.items} />
);
