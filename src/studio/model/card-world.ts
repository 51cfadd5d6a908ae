// The made-up world the Studio's card preview answers from, drawn from the draft's own programme
// and page: the classes and streams the page admits, the programme's slots (in the page's
// language, so an online test's thank-you says Online), whether it charges a fee. States, centres
// and dates are the server's (POST /studio/api/card-world: the master list's places holding the
// programme's exam, the dates its schedule opens now); a sample of real places stands in until
// they arrive.
import { classInWords, classStreamValue } from '../../domain/class-stream';
import { examSlots } from '../../domain/exam-slots';
import type { ExamCentre } from '../../generated/api/exam-centres';
import type { ExamDate } from '../../generated/api/exam-dates';
import type { ExamSlot } from '../../generated/api/exam-slots';
import type { ExamState } from '../../generated/api/exam-states';
import type { ClassStream } from '../../generated/api/master-class-streams';
import type { Landing } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import type { StudioCardWorldReply as CardWorldPlaces } from '../../generated/api/studio-card-world';

export interface CannedWorld {
  classStreams: ClassStream[];
  slots: ExamSlot[];
  states: ExamState[];
  centres: ExamCentre[];
  dates: ExamDate[];
  /** Where the online-only course and "nearest centre" lead. */
  preset: { state: ExamState; centre: ExamCentre };
}

/** What the world is drawn from: the programme, and the page's own narrowing and language. */
export interface WorldSource {
  programme: Pick<Programme, 'eligibility' | 'schedule' | 'registration'>;
  eligibility?: Landing['eligibility'];
  locale?: Landing['locale'];
}

// The master list's streams (server/seed/master.json): foundation up to class 10, then
// engineering and medical.
const STREAM_WORDS = { SOF: 'Foundation', SOE: 'Engineering', SOM: 'Medical' } as const;
type Stream = keyof typeof STREAM_WORDS;
const streamsOfClass = (klass: string): Stream[] =>
  Number.parseInt(klass, 10) <= 10 ? ['SOF'] : ['SOE', 'SOM'];

/** The class & stream list the card offers on this page (the page narrows the programme's). */
export function classStreamsOf(source: WorldSource): ClassStream[] {
  const classes = source.eligibility?.classes ?? source.programme.eligibility.classes;
  const allowed = source.eligibility?.streams;
  return classes
    .filter((klass) => source.programme.eligibility.classes.includes(klass))
    .flatMap((klass) =>
      streamsOfClass(klass)
        .filter((stream) => !allowed || allowed.includes(stream))
        // Class 5 has no stream in the master list: the card never offers it.
        .filter(() => klass !== '5')
        .map((stream) => ({
          id: `cs-${klass}-${stream}`,
          stream: classStreamValue(klass, stream),
          class: klass,
          display_name: `Class ${classInWords(klass).replace('passed', 'Passed')} ${STREAM_WORDS[stream]}`,
        })),
    );
}

const SAMPLE_STATES: ExamState[] = [
  { tid: '9', stateName: 'Delhi', shortCode: 'DL' },
  { tid: '10', stateName: 'Uttar Pradesh', shortCode: 'UP' },
  { tid: '12', stateName: 'Gujarat', shortCode: 'GJ' },
];
const SAMPLE_CENTRES: ExamCentre[] = [
  { label: 'Delhi Central', value: 'RCC Delhi Central-DL001-1', code: 'DL001', id: '1' },
  { label: 'Noida Sector 18', value: 'RCC Noida Sector 18-UP001-4', code: 'UP001', id: '4' },
];
const SAMPLE_DATES: ExamDate[] = [
  { value: '2030-04-13', label: '13 Apr 2030' },
  { value: '2030-04-20', label: '20 Apr 2030' },
];

/** The canned world for a page of this programme, with the server's real places and dates when known. */
export function cannedWorldOf(source: WorldSource, places?: CardWorldPlaces | null): CannedWorld {
  const states = places?.states.length ? places.states : SAMPLE_STATES;
  const centres = places?.centres.length ? places.centres : SAMPLE_CENTRES;
  const [firstState] = states as [ExamState, ...ExamState[]];
  const presetCode = places?.centres.length
    ? places.preset?.centreCode
    : source.programme.registration.defaultCentre;
  const centre = centres.find((c) => c.code === presetCode) ?? (centres[0] as ExamCentre);
  const state = states.find((s) => s.tid === places?.preset?.stateTid) ?? firstState;
  return {
    classStreams: classStreamsOf(source),
    slots: examSlots(source.programme, source.locale),
    states,
    centres,
    dates: places?.dates.length ? places.dates : SAMPLE_DATES,
    preset: { state, centre },
  };
}
