// What the registration card's views share: the machine's snapshot and send.
import type { EventFrom, SnapshotFrom } from 'xstate';
import type { RegistrationMachine } from '../../machines/registration-machine';

export type RegistrationSnapshot = SnapshotFrom<RegistrationMachine>;
export type RegistrationSend = (event: EventFrom<RegistrationMachine>) => void;
