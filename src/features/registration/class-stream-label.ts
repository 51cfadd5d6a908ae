// A class & stream option as the page's locale says it: the page maps the master data's codes
// (class 6 … 12, 12-passed; stream SOE, SOF, SOM) to strings, so the list reads in Hindi on a Hindi
// page. A code the string table does not know keeps the master data's display_name.
import { splitClassStream } from '../../domain/class-stream';
import type { StringKey, Translate } from '../../engine/i18n';

const STREAMS: Record<string, StringKey> = {
  SOE: 'classStream.stream.SOE',
  SOF: 'classStream.stream.SOF',
  SOM: 'classStream.stream.SOM',
};

export function classStreamLabel(
  t: Translate,
  option: { class: string; stream: string; display_name: string },
): string {
  // `stream` is 'class&stream' on the wire (part 2 §3 "Option lists").
  const streamKey = STREAMS[splitClassStream(option.stream).stream];
  const passed = /^(\d{1,2})-passed$/.exec(option.class);
  if (!streamKey || (!passed && !/^\d{1,2}$/.test(option.class))) return option.display_name;
  const klass = passed
    ? t('classStream.passed', { class: passed[1] ?? '' })
    : t('classStream.class', { class: option.class });
  return t('classStream.option', { class: klass, stream: t(streamKey) });
}
