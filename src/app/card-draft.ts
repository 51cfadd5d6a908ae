// The server's copy of the registration card part-way (decision 041): from the verified number on,
// what the student typed in step 2 and chose in step 3 goes to the server against the number, a
// moment after it changes, so another tab or device of the same number resumes it after verifying.
// A copy that does not arrive (offline, a token that ended) costs nothing: this tab keeps its own.
import type { ActorRefFrom } from 'xstate';
import { putRegistrationDraft } from '../api/endpoints/registration-draft';
import type { RegistrationMachine } from '../machines/registration-machine';
import { cardDraft } from '../machines/registration-resume';

/** How long after the last change the copy goes (typing sends one copy, not one per key). */
const SETTLE_MS = 1_000;

export function followCardDraft(registrationPage: string): {
  moved: (actor: ActorRefFrom<RegistrationMachine>) => void;
} {
  let sent = '';
  let timer: number | undefined;
  return {
    moved(actor) {
      const draft = cardDraft(actor);
      const token = actor.getSnapshot().context.registrationToken;
      if (!draft || !token) {
        // Signing up, or done: a copy still waiting would land after the signup forgot it.
        window.clearTimeout(timer);
        return;
      }
      const json = JSON.stringify(draft);
      if (json === sent) return;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        sent = json;
        void putRegistrationDraft({ registration_page: registrationPage, draft }, token).catch(() => {
          sent = ''; // tried again at the next change
        });
      }, SETTLE_MS);
    },
  };
}
