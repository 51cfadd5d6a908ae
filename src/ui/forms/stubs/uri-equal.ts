// Stands in for fast-uri in the client bundle (decision 005). @rjsf/utils uses it only to compare
// a schema's $id with a $ref; examflow's form schemas have neither, so plain equality of the
// normalised strings is the whole job.
const normalise = (uri: string) => uri.trim().replace(/#$/, '');

export default {
  equal: (a: unknown, b: unknown): boolean =>
    typeof a === 'string' && typeof b === 'string' && normalise(a) === normalise(b),
};
