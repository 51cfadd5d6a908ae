import type { ReactElement } from 'react';
import type { Block } from '../../generated/config/landing';
import type { BlockComponent, BlockContext } from './block-context';
import { Accordion } from './blocks/accordion';
import { BackToTop } from './blocks/back-to-top';
import { CardStack } from './blocks/card-stack';
import { Criteria } from './blocks/criteria';
import { Faq } from './blocks/faq';
import { FeatureCards } from './blocks/feature-cards';
import { Footer } from './blocks/footer';
import { GreenStrip } from './blocks/green-strip';
import { Header } from './blocks/header';
import { Hero } from './blocks/hero';
import { HighlightsCarousel } from './blocks/highlights-carousel';
import { HowItWorks } from './blocks/how-it-works';
import { HowToRegisterLink } from './blocks/how-to-register-link';
import { LegacyBanner } from './blocks/legacy-banner';
import { LegalLinks } from './blocks/legal-links';
import { RegistrationCard } from './blocks/registration-card';
import { RichText } from './blocks/rich-text';
import { Stats } from './blocks/stats';
import { TestHighlights } from './blocks/test-highlights';
import { Validity } from './blocks/validity';

/** Every block type must have a component: adding a type to the schema fails to compile here. */
export const blockComponents: { [K in Block['type']]: BlockComponent<K> } = {
  header: Header,
  hero: Hero,
  'green-strip': GreenStrip,
  'registration-card': RegistrationCard,
  'how-to-register-link': HowToRegisterLink,
  criteria: Criteria,
  faq: Faq,
  accordion: Accordion,
  'how-it-works': HowItWorks,
  'highlights-carousel': HighlightsCarousel,
  'card-stack': CardStack,
  'feature-cards': FeatureCards,
  'test-highlights': TestHighlights,
  validity: Validity,
  'legacy-banner': LegacyBanner,
  stats: Stats,
  'rich-text': RichText,
  'legal-links': LegalLinks,
  'back-to-top': BackToTop,
  footer: Footer,
};

/** Renders one block. A type without a component is an error, never a silent gap in the page. */
export function renderBlock(block: Block, context: BlockContext, key?: string | number): ReactElement {
  const type: string = block.type;
  if (!Object.hasOwn(blockComponents, type)) throw new Error(`Unknown block type "${type}"`);
  // TypeScript cannot correlate the looked-up component with the block's own type; the mapped
  // type of blockComponents guarantees they match.
  const Component = blockComponents[block.type] as BlockComponent<Block['type']>;
  return <Component key={key} block={block} context={context} />;
}
