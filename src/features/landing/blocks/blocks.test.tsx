// @vitest-environment jsdom
import { prerenderRegistrationCard } from '../../../app/prerender-islands';
import { cleanup, render, screen, within } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import hi from '../../../../config/i18n/hi.json' with { type: 'json' };
import landingSchema from '../../../../schemas/config/landing.schema.json';
import { createTranslator } from '../../../engine/i18n';
import type { UiStringTable } from '../../../generated/config/i18n';
import type { Block } from '../../../generated/config/landing';
import { blockComponents, renderBlock } from '../block-renderer';
import { LandingPage } from '../landing-page';
import { allExamples, examples, testContext, testLanding, testProgramme } from './examples.test-support';
import { seriousViolations } from '../../../../tests/fixtures/a11y-dom';

afterEach(cleanup);

/** Renders one block on a page that holds only that block (so a hero or rich-text owns the h1). */
function renderExample(block: Block, blocks: Block[] = [block]) {
  return render(renderBlock(block, testContext(blocks, { prerenderRegistrationCard })));
}

function headingLevels(root: HTMLElement): number[] {
  return within(root)
    .getAllByRole('heading')
    .map((h) => Number(h.tagName.slice(1)));
}

describe('every block type', () => {
  it('has a component, and examples, for every type in the schema', () => {
    const schemaTypes = landingSchema.definitions.block.properties.type.enum;
    expect(Object.keys(blockComponents).sort()).toEqual([...schemaTypes].sort());
    expect(Object.keys(examples).sort()).toEqual([...schemaTypes].sort());
  });

  it.each(allExamples())(
    '%s example "%s" renders without serious accessibility violations',
    async (_type, _name, block) => {
      const { container } = renderExample(block);
      expect(container.firstElementChild).not.toBeNull();
      expect(await seriousViolations(container)).toEqual([]);
    },
  );

  it.each(allExamples())('%s example "%s" prerenders to static HTML', (_type, _name, block) => {
    const html = renderToStaticMarkup(renderBlock(block, testContext([block])));
    expect(html.length).toBeGreaterThan(20);
  });

  it('the axe check is not vacuous: it reports an image without alt text', async () => {
    const { container } = render(<img src="/images/x.png" width={1} height={1} />);
    expect(await seriousViolations(container)).toEqual([expect.stringMatching(/^image-alt/)]);
  });

  it('renderBlock throws for an unknown block type instead of skipping it', () => {
    const unknown = { type: 'video' } as unknown as Block;
    expect(() => renderBlock(unknown, testContext())).toThrow('Unknown block type "video"');
  });

  it('images carry width, height and lazy loading; decorative icons have empty alt', () => {
    const { container } = renderExample(examples['test-highlights'].default);
    const images = Array.from(container.querySelectorAll('img'));
    expect(images).toHaveLength(6);
    for (const img of images) {
      expect(img.getAttribute('alt')).toBe('');
      expect(img.getAttribute('width')).toMatch(/^\d+$/);
      expect(img.getAttribute('height')).toMatch(/^\d+$/);
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('decoding')).toBe('async');
    }
  });
});

describe('header', () => {
  it('links the logo home and offers a Call us tel: link to the programme support number', () => {
    renderExample(examples.header.default);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Test Academy home' }).getAttribute('href')).toBe('/');
    const call = screen.getByRole('link', { name: /^Call us/ });
    expect(call.getAttribute('href')).toBe('tel:18002223333');
    expect(call.textContent).toContain('1800-222 3333');
  });

  it('hides the Call us link when showCallUs is false', () => {
    renderExample(examples.header['without call us']);
    expect(screen.queryByRole('link', { name: /Call us/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Test Academy home' })).toBeTruthy();
  });
});

describe('hero', () => {
  it('is the page h1 with its points, an eager high-priority image and a call to action', () => {
    renderExample(examples.hero.default);
    expect(screen.getByRole('heading', { level: 1, name: 'Mock NEET 2025' })).toBeTruthy();
    expect(screen.getByText('Practise under real exam conditions')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'New NEET pattern',
      'Offline at a centre near you',
    ]);
    const img = screen.getByRole('img', { name: 'Students writing an exam' });
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.getAttribute('loading')).toBe('eager');
    const cta = screen.getByRole('link', { name: 'Register now' });
    expect(cta.getAttribute('href')).toBe('#register_now');
    expect(cta.getAttribute('data-enhance')).toBe('smooth-scroll');
  });

  it('is an h2 when another hero already owns the h1', () => {
    const first = examples.hero.minimal;
    const second = examples.hero.default;
    renderExample(second, [first, second]);
    expect(screen.getByRole('heading', { level: 2, name: 'Mock NEET 2025' })).toBeTruthy();
  });
});

describe('green strip', () => {
  it('shows its text beside a decorative icon', () => {
    const { container } = renderExample(examples['green-strip'].default);
    expect(screen.getByText('Scholarships of up to 90%')).toBeTruthy();
    expect(container.querySelector('img')?.getAttribute('alt')).toBe('');
  });
});

describe('registration card', () => {
  it('is a region named Register Now at #register_now, marked as the island to mount', () => {
    renderExample(examples['registration-card'].default);
    const region = screen.getByRole('region', { name: 'Register Now' });
    expect(region.id).toBe('register_now');
    expect(region.getAttribute('data-island')).toBe('registration-card');
    expect(within(region).getByRole('heading', { level: 2, name: 'Register Now' })).toBeTruthy();
  });

  it('holds the first step of the card, prerendered, busy until its script has run', () => {
    renderExample(examples['registration-card'].default);
    const region = screen.getByRole('region', { name: 'Register Now' });
    expect(region.getAttribute('aria-busy')).toBe('true');
    expect(region.dataset.islandLoad).toBe('deferred');
    const field = within(region).getByRole('textbox', { name: 'Mobile number' });
    expect((field as HTMLInputElement).value).toBe('');
    const verify = within(region).getByRole('button', { name: 'Verify' });
    expect((verify as HTMLButtonElement).disabled).toBe(true);
    expect(
      within(region)
        .getAllByRole('status')
        .map((s) => s.textContent),
    ).toContain('One moment…');
    expect(region.innerHTML).not.toMatch(/Loading/);
    // Its props follow it as inert JSON text the island reads (no inline script for the CSP), as
    // the browser parses the page's HTML.
    const block = examples['registration-card'].default;
    const page = document.createElement('div');
    page.innerHTML = renderToStaticMarkup(
      renderBlock(block, testContext([block], { prerenderRegistrationCard }), 0),
    );
    const props = page.querySelector(`#${region.dataset.islandPropsId ?? ''}`);
    if (!(props instanceof HTMLTemplateElement)) throw new Error('no props template');
    expect(page.querySelector('script')).toBeNull();
    expect(JSON.parse(props.content.textContent)).toMatchObject({
      locale: 'en',
      headingId: 'register_now-heading',
    });
  });

  it('takes its id and heading from config', () => {
    renderExample(examples['registration-card']['with id and heading']);
    expect(screen.getByRole('region', { name: 'Apply now' }).id).toBe('apply');
  });
});

describe('how-to-register link', () => {
  it('links to the how-it-works section with the default label', () => {
    renderExample(examples['how-to-register-link'].default);
    const link = screen.getByRole('link', { name: 'How to register?' });
    expect(link.getAttribute('href')).toBe('#how-it-works');
    expect(link.getAttribute('data-enhance')).toBe('smooth-scroll');
  });

  it('uses a configured label', () => {
    renderExample(examples['how-to-register-link']['with label']);
    expect(screen.getByRole('link', { name: 'See the steps' }).getAttribute('href')).toBe('#steps');
  });
});

describe('criteria', () => {
  it('shows the test details table: heading, then each row mode and details', () => {
    renderExample(examples.criteria['test details']);
    expect(screen.getByRole('heading', { level: 2, name: 'Test details' })).toBeTruthy();
    expect(screen.getAllByRole('term').map((t) => t.textContent)).toEqual(['Mode', 'Duration']);
    expect(screen.getAllByRole('definition').map((d) => d.textContent)).toEqual([
      'Offline, at an exam centre',
      '3 hours 20 minutes',
    ]);
  });

  it('shows the eligibility table when the source is eligibility', () => {
    renderExample(examples.criteria.eligibility);
    expect(screen.getByRole('heading', { name: 'Eligibility' })).toBeTruthy();
    expect(screen.getByRole('definition').textContent).toBe('Classes 11 and 12');
  });

  it('throws a clear error when the programme lacks the table', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const block = examples.criteria.eligibility;
    const context = testContext([block], {
      programme: { ...testProgramme, criteria: { testDetails: undefined } },
    });
    expect(() => renderToStaticMarkup(renderBlock(block, context))).toThrow(
      /programme "test-mock" has no criteria\.eligibility table/,
    );
  });
});

describe('faq and accordion', () => {
  it('FAQ: default heading, first question open, the others closed', () => {
    const { container } = renderExample(examples.faq.default);
    expect(screen.getByRole('heading', { level: 2, name: 'Frequently asked questions' })).toBeTruthy();
    const details = Array.from(container.querySelectorAll('details'));
    expect(details.map((d) => d.id)).toEqual(['faq-fee', 'faq-centre', 'faq-admit']);
    expect(details.map((d) => d.open)).toEqual([true, false, false]);
    expect(within(details[0] as HTMLElement).getByText('What is the exam fee?').tagName).toBe('SUMMARY');
    expect(within(details[0] as HTMLElement).getAllByRole('listitem')).toHaveLength(2);
    expect(container.querySelector('section')?.id).toBe('faq');
  });

  it('FAQ: configured heading and a sub-heading above the points', () => {
    renderExample(examples.faq['with sub-heading']);
    expect(screen.getByRole('heading', { name: 'Questions about the mock test' })).toBeTruthy();
    const sub = screen.getByText('Three reasons:');
    expect(sub.closest('details')?.id).toBe('faq-why');
    expect(screen.queryByRole('heading', { name: 'Frequently asked questions' })).toBeNull();
  });

  it('accordion renders like the FAQ with its own heading', () => {
    const { container } = renderExample(examples.accordion.default);
    expect(screen.getByRole('heading', { level: 2, name: 'Why take a mock test series?' })).toBeTruthy();
    expect(Array.from(container.querySelectorAll('details')).map((d) => d.open)).toEqual([true, false]);
    expect(container.querySelector('section')?.id).toBe('why-series');
  });
});

describe('how it works', () => {
  it('is an ordered list of steps with step 1 current and the cycler timings from config', () => {
    const { container } = renderExample(examples['how-it-works'].default);
    const section = container.querySelector('section');
    expect(section?.id).toBe('how-it-works');
    expect(section?.dataset).toMatchObject({
      enhance: 'steps-cycler',
      advanceMobileMs: '3000',
      advanceDesktopMs: '4000',
      mobileBreakpointPx: '768',
      visibleRatio: '0.5',
    });
    const list = screen.getByRole('list');
    expect(list.tagName).toBe('OL');
    const steps = within(list).getAllByRole('listitem');
    expect(steps).toHaveLength(3);
    expect(steps.map((s) => s.getAttribute('aria-current'))).toEqual(['step', null, null]);
    expect(within(steps[1] as HTMLElement).getByText('Step 2')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Fill in your details' })).toBeTruthy();
  });
});

describe('highlights carousel', () => {
  it('follows the carousel pattern; without script all slides show and the controls stay hidden', () => {
    renderExample(examples['highlights-carousel'].default);
    const region = screen.getByRole('region', { name: 'Test highlights carousel' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(region.dataset.autoplayMs).toBe('3000');
    // Without script the slides scroll in a viewport a keyboard can reach (a labelled tab stop),
    // named for what it holds rather than with the region's name a second time.
    const viewport = within(region).getByRole('group', { name: 'Slides' });
    expect(viewport.tabIndex).toBe(0);
    const slides = within(viewport).getAllByRole('group');
    expect(slides.map((s) => s.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(slides.every((s) => s.getAttribute('aria-roledescription') === 'slide')).toBe(true);
    expect(screen.queryByRole('button')).toBeNull();
    const hidden = screen
      .getAllByRole('button', { hidden: true })
      .map((b) => b.getAttribute('aria-label') ?? b.textContent);
    expect(hidden).toEqual(['Pause automatic sliding', 'Previous slide', 'Next slide']);
  });
});

describe('card stack', () => {
  it('lists the three cards; the next-card button waits for the script', () => {
    const { container } = renderExample(examples['card-stack'].default);
    expect(screen.getByRole('heading', { level: 2, name: 'Why take a mock test?' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => within(li).getByRole('heading').textContent)).toEqual([
      'Performance benchmarking',
      'Exam simulation',
      'Subject-wise analytics',
    ]);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { hidden: true }).textContent).toBe('Show the next card');
    const body = container.querySelector<HTMLElement>('[data-enhance="card-stack"]');
    expect(body?.dataset).toMatchObject({
      swipeThresholdPx: '80',
      swipeAnimationMs: '300',
      mobileBreakpointPx: '768',
    });
  });
});

describe('feature cards', () => {
  it('shows the cards, the apply link to #register_now, the notices and the register link', () => {
    renderExample(examples['feature-cards'].default);
    expect(screen.getByRole('heading', { level: 2, name: 'Advanced JEE programme for IITs' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Apply for Selection Process' }).getAttribute('href')).toBe(
      '#register_now',
    );
    expect(screen.getByText('Admissions Closing Soon')).toBeTruthy();
    expect(screen.getByText('Limited seats available!')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register now' }).getAttribute('href')).toBe('#register_now');
  });

  it('without a block heading the card titles are h2 (no skipped level)', () => {
    renderExample(examples['feature-cards']['without heading']);
    expect(screen.getByRole('heading', { level: 2, name: 'Offline test' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Register now' }).hasAttribute('data-enhance')).toBe(false);
  });
});

describe('test highlights, validity, legacy banner, stats', () => {
  it('six highlights render six items', () => {
    renderExample(examples['test-highlights'].default);
    expect(screen.getByRole('heading', { name: 'Test highlights' })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(screen.getByText('Results in 2 days')).toBeTruthy();
  });

  it('validity shows its statement', () => {
    renderExample(examples.validity.default);
    expect(screen.getByText('Your scholarship is valid for 30 days from the exam date.')).toBeTruthy();
  });

  it('legacy banner shows heading, text and figures', () => {
    renderExample(examples['legacy-banner'].default);
    expect(screen.getByRole('heading', { name: 'A legacy of results' })).toBeTruthy();
    expect(screen.getByRole('listitem').textContent).toBe(
      '1,10,000+ students placed in engineering institutions',
    );
  });

  it('stats read as one phrase each', () => {
    renderExample(examples.stats.default);
    expect(screen.getByRole('listitem').textContent).toBe('155,300+ scholarships awarded last year');
  });
});

describe('rich text', () => {
  it('is the page h1 with h2 sections on a page without a hero', () => {
    const { container } = renderExample(examples['rich-text'].default);
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and conditions' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Attendance',
      'Marks',
    ]);
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(headingLevels(container)).toEqual([1, 2, 2]);
  });

  it('is an h2 with h3 sections when the page has a hero', () => {
    const block = examples['rich-text'].default;
    renderExample(block, [examples.hero.default, block]);
    expect(screen.getByRole('heading', { level: 2, name: 'Terms and conditions' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(2);
  });
});

describe('legal links', () => {
  it('default to the programme terms link and the site privacy link', () => {
    renderExample(examples['legal-links'].default);
    expect(screen.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe(
      'https://www.example.com/mock-neet/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://www.example.com/privacy',
    );
  });

  it('use configured links when given', () => {
    renderExample(examples['legal-links']['with links']);
    expect(screen.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/iacst-scholarship/terms-conditions',
    ]);
  });
});

describe('back to top', () => {
  it('is a working #top link carrying the scroll threshold', () => {
    renderExample(examples['back-to-top'].default);
    const link = screen.getByRole('link', { name: /Back to top/ });
    expect(link.getAttribute('href')).toBe('#top');
    expect(link.dataset).toMatchObject({ enhance: 'back-to-top', afterPx: '700' });
  });
});

describe('footer', () => {
  it('shows address, phone, e-mail, social and app links, copyright and the version banner', () => {
    renderExample(examples.footer.default);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText('1 Test Road, New Delhi 110001')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: '1800 111 2222' }).getAttribute('href')).toBe(
      'tel:18001112222',
    );
    expect(within(footer).getByRole('link', { name: 'contact@example.com' }).getAttribute('href')).toBe(
      'mailto:contact@example.com',
    );
    expect(within(footer).getByRole('link', { name: 'Test Academy on Facebook' }).getAttribute('href')).toBe(
      'https://www.facebook.com/example',
    );
    expect(within(footer).getByRole('link', { name: 'Test Academy on YouTube' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Download the Test Academy app' })).toBeTruthy();
    expect(within(footer).getByText('© 2025 Test Academy. All rights reserved.')).toBeTruthy();
    expect(within(footer).getByText('Version 1.0')).toBeTruthy();
  });

  it('takes the copyright year from the site, else the year the page is built', () => {
    vi.useFakeTimers({ now: new Date('2031-03-01T00:00:00+05:30'), toFake: ['Date'] });
    try {
      const context = testContext([examples.footer.default]);
      const { site } = context;
      const { copyrightYear, ...footer } = site.footer;
      expect(copyrightYear).toBe(2025);
      render(renderBlock(examples.footer.default, { ...context, site: { ...site, footer } }));
      const line = within(screen.getByRole('contentinfo')).getByText(/^©/);
      expect(line.textContent).toBe('© 2031 Test Academy. All rights reserved.');
    } finally {
      vi.useRealTimers();
    }
  });

  it('is in Hindi on a Hindi page: headings, link names and the copyright line', () => {
    const strings = hi.strings as UiStringTable;
    render(
      renderBlock(
        examples.footer.default,
        testContext([examples.footer.default], { t: createTranslator(strings), strings }),
      ),
    );
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('heading', { name: 'पता' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Facebook पर Test Academy' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Test Academy ऐप डाउनलोड करें' })).toBeTruthy();
    expect(within(footer).getByText('© 2025 Test Academy। सर्वाधिकार सुरक्षित।')).toBeTruthy();
    // No English sentence is left: every text node with Latin words is a name, number or address.
    expect(footer.textContent).not.toMatch(/Download|All rights|Follow|Address|on Facebook/);
  });
});

describe('LandingPage', () => {
  const programmePage: Block[] = [
    examples.header.default,
    examples.footer.default, // config order puts it early: it must still come after main
    examples.hero.default,
    examples['green-strip'].default,
    examples['registration-card'].default,
    examples['how-to-register-link'].default,
    examples.criteria['test details'],
    examples['card-stack'].default,
    examples['how-it-works'].default,
    examples['highlights-carousel'].default,
    examples['feature-cards'].default,
    examples['test-highlights'].default,
    examples['back-to-top'].default,
    examples.faq.default,
    examples['legal-links'].default,
  ];

  function renderPage(blocks: Block[]) {
    const landing = testLanding(blocks);
    return render(<LandingPage landing={landing} context={testContext(blocks)} />);
  }

  it('puts the skip link first, the header before main, content in config order, back-to-top and footer after main', () => {
    const { container } = renderPage(programmePage);
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(container.firstElementChild).toBe(skip);
    expect(skip.getAttribute('href')).toBe('#main');
    const header = screen.getByRole('banner');
    const main = screen.getByRole('main');
    const footer = screen.getByRole('contentinfo');
    expect(main.id).toBe('main');
    expect(header.compareDocumentPosition(main) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(main.compareDocumentPosition(footer) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(main.contains(header) || main.contains(footer)).toBe(false);
    const backToTop = screen.getByRole('link', { name: /Back to top/ });
    expect(main.contains(backToTop)).toBe(false);
    expect(main.compareDocumentPosition(backToTop) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const h2s = within(main)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(h2s.indexOf('Test details')).toBeLessThan(h2s.indexOf('Frequently asked questions'));
    expect(h2s.indexOf('Register Now')).toBeLessThan(h2s.indexOf('Test details'));
  });

  it('has exactly one h1 (the hero) and no skipped heading levels', async () => {
    const { container } = renderPage(programmePage);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Mock NEET 2025',
    ]);
    const levels = headingLevels(container);
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
    expect(await seriousViolations(container)).toEqual([]);
  });

  it('a terms page without a hero takes its h1 from the first rich-text block', () => {
    const blocks: Block[] = [
      examples.header.default,
      examples['rich-text'].default,
      examples['legal-links'].default,
      examples.footer.default,
    ];
    const { container } = renderPage(blocks);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Terms and conditions',
    ]);
    const levels = headingLevels(container);
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it('a page with neither hero nor rich text gets a visually hidden h1 with the page title', () => {
    renderPage([examples.header.default, examples.faq.default, examples.footer.default]);
    const h1s = screen.getAllByRole('heading', { level: 1 });
    expect(h1s.map((h) => h.textContent)).toEqual(['Test page | Test Academy']);
    expect(h1s[0]?.className).toContain('ef-visually-hidden');
  });

  it('prerenders to static HTML that works without script', () => {
    const landing = testLanding(programmePage);
    const html = renderToStaticMarkup(<LandingPage landing={landing} context={testContext(programmePage)} />);
    expect(html).toMatch(/<details id="faq-fee" class="ef-faq__item" open="">/);
    expect(html).toContain('<main id="main" tabindex="-1">');
    expect(html).toMatch(/data-carousel-controls="true" hidden=""/);
    expect(html).toMatch(/<img class="ef-hero__image"[^>]* loading="eager" fetchpriority="high"/i);
  });
});
