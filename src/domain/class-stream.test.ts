import { describe, expect, it } from 'vitest';
import { classInWords, classStreamValue, splitClassStream, streamOf } from './class-stream';

describe('splitClassStream', () => {
  it('splits class&stream into its two parts', () => {
    expect(splitClassStream('11&SOM')).toEqual({ klass: '11', stream: 'SOM' });
    expect(splitClassStream('12-passed&SOE')).toEqual({ klass: '12-passed', stream: 'SOE' });
  });

  it('gives an empty part where one is missing', () => {
    expect(splitClassStream('11')).toEqual({ klass: '11', stream: '' });
    expect(splitClassStream('')).toEqual({ klass: '', stream: '' });
    expect(splitClassStream('&SOF')).toEqual({ klass: '', stream: 'SOF' });
  });
});

describe('streamOf', () => {
  it('reads the stream of a class&stream value or takes a bare stream code as it is', () => {
    expect(streamOf('11&SOM')).toBe('SOM');
    expect(streamOf('SOE')).toBe('SOE');
  });

  it('is undefined when nothing is given', () => {
    expect(streamOf(undefined)).toBeUndefined();
    expect(streamOf('')).toBeUndefined();
  });
});

describe('classStreamValue', () => {
  it('joins a class and a stream into the value splitClassStream reads back', () => {
    expect(classStreamValue('11', 'SOM')).toBe('11&SOM');
    expect(splitClassStream(classStreamValue('12-passed', 'SOE'))).toEqual({
      klass: '12-passed',
      stream: 'SOE',
    });
  });
});

describe('classInWords', () => {
  it('reads a class passed as words (the result table showed 12-passed), and leaves a class as it is', () => {
    expect(classInWords('12-passed')).toBe('12 passed');
    expect(classInWords('11')).toBe('11');
    expect(classInWords('')).toBe('');
  });
});
