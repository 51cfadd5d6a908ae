// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createSanitizer } from '../../domain/safe-html-rule';
import { createRichTextRule } from './rich-text-value';

const rule = createRichTextRule(window);
const sanitize = createSanitizer(window);

describe('the rich-text value', () => {
  it('is what the sanitising rule keeps, a lone paragraph or list item without its <p>', () => {
    expect(rule.store('<p>On <strong>the</strong> day</p>')).toBe('On <strong>the</strong> day');
    expect(rule.store('<ul><li><p>One</p></li><li><p>Two <em>2</em></p></li></ul>')).toBe(
      '<ul><li>One</li><li>Two <em>2</em></li></ul>',
    );
    expect(rule.store('<p>First</p><p>Second</p>')).toBe('<p>First</p><p>Second</p>');
    expect(rule.store('<ul><li><p>One</p></li></ul><p></p>')).toBe('<ul><li>One</li></ul>');
    expect(rule.store('<p></p>')).toBe('');
    expect(rule.store('<p>  </p>')).toBe('');
  });

  it('never holds what the rule removes, and the rule keeps it as it is', () => {
    const inputs = [
      '<p>Hi<script>alert(1)</script></p>',
      '<p><img src=x onerror="alert(1)">Text</p>',
      '<p><a href="javascript:alert(1)">click</a></p>',
      '<p onclick="steal()"><b style="color:red">bold</b></p>',
      '<p><a href="https://example.com/x" target="_blank" rel="noopener">site</a> &amp; more</p>',
      '<ul><li><p>a</p><p>b</p></li></ul>',
    ];
    for (const input of inputs) {
      const value = rule.store(input);
      expect(value).toBe(sanitize(value));
      expect(value).not.toMatch(/script|onerror|onclick|javascript:|<img|style=|target=/i);
    }
    expect(rule.store('<p><a href="javascript:alert(1)">click</a></p>')).toBe('<a>click</a>');
    expect(rule.store('<p><a href="/iacst" target="_blank">here</a></p>')).toBe('<a href="/iacst">here</a>');
  });

  it('says in words what a paste lost, and nothing for a paste it keeps', () => {
    const pasted = rule.paste(
      '<meta charset="utf-8"><p>Fees <img src="x" onerror="alert(1)"><script>steal()</script>' +
        '<a href="javascript:alert(1)">here</a> <span style="color:red">now</span></p>',
    );
    expect(pasted.removed).toEqual([
      'a script',
      'an image',
      'hidden code run on a click or as the page loads',
      'a link to an address that is not allowed',
    ]);
    expect(pasted.html).toBe(sanitize(pasted.html));
    expect(pasted.html).not.toMatch(/<img|<script|javascript:|onerror/);
    expect(rule.paste('<p><b>Bold</b> and <a href="https://example.com">a link</a></p>').removed).toEqual([]);
    expect(rule.paste('<img src=a><img src=b>').removed).toEqual(['2 images']);
  });

  it('names what of a stored answer the editor cannot hold', () => {
    expect(rule.unshown('<video src="/media/a.mp4" controls=""></video> and <h3>Fees</h3>')).toEqual([
      'a video',
      'a heading',
    ]);
    expect(rule.unshown('<strong>Bold</strong> <ul><li>one</li></ul> a < b')).toEqual([]);
  });

  it('refuses a link address the rule would remove, in words', () => {
    expect(rule.linkProblem('https://example.com')).toBeUndefined();
    expect(rule.linkProblem('/iacst')).toBeUndefined();
    expect(rule.linkProblem('mailto:help@example.com')).toBeUndefined();
    expect(rule.linkProblem('javascript:alert(1)')).toMatch(/cannot be used.*https:\/\//);
    expect(rule.linkProblem('www.example.com')).toMatch(/cannot be used/);
    expect(rule.linkProblem('//evil.example/x')).toMatch(/cannot be used/);
    expect(rule.linkProblem('https://elsewhere.example/brochure.pdf')).toMatch(/PDF/);
    expect(rule.linkProblem('/files/brochure.pdf')).toBeUndefined();
  });
});
