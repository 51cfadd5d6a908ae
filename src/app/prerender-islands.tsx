// The islands' first screens as HTML, for the landing blocks that hold them: the app joins the
// card's view and machine, so a landing block never imports the registration feature.
import { renderToString } from 'react-dom/server';
import type { RegistrationCardData } from '../engine/registration-card';
import { PRERENDER_INPUT, RegistrationCardRoot } from '../features/registration/registration-card-root';
import { registrationMachine } from '../machines/registration-machine';

/** renderToString (not static markup): the island hydrates exactly this (decision 006). */
export const prerenderRegistrationCard = (data: RegistrationCardData): string =>
  renderToString(<RegistrationCardRoot data={data} machine={registrationMachine} input={PRERENDER_INPUT} />);
