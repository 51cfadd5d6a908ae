// Checks that span files or that JSON Schema cannot express.
import { moneyTextProblems } from '../money-texts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { ConfigBundle } from '../config-bundle';
import { experimentProblems } from '../experiments';
import { pagePathProblem, type PathOwner } from '../routes';
import { variantKeyProblem } from '../variant-keys';
import type { Block } from '../../generated/config/landing';
import type { Programme } from '../../generated/config/programme';
import { scheduleTextProblems } from './schedule-texts';
import { escapeSegment } from '../content/pointer';

/** One thing wrong in the config, where it is and what. */
export interface Problem {
  /** Path of the file relative to the config folder. */
  file: string;
  /** JSON pointer inside the file ('' for the whole file). */
  pointer: string;
  message: string;
}

interface CrossCheckOptions {
  programmeFiles: Record<string, string>;
  publicDir: string;
  /** Images known to exist besides publicDir's files (the server's uploaded ones). */
  images?: ReadonlySet<string>;
}

/** Every /images/… string in a value, with its JSON pointer. */
function imageRefs(value: unknown, pointer = ''): { src: string; pointer: string }[] {
  if (typeof value === 'string') return value.startsWith('/images/') ? [{ src: value, pointer }] : [];
  if (Array.isArray(value)) return value.flatMap((v, i) => imageRefs(v, `${pointer}/${i}`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => imageRefs(v, `${pointer}/${escapeSegment(k)}`));
  }
  return [];
}

function checkProgramme(file: string, p: Programme): Problem[] {
  const problems: Problem[] = [];
  const add = (pointer: string, message: string): void => void problems.push({ file, pointer, message });
  const { schedule, registration, windows, payment } = p;
  if (schedule.kind === 'dates' && !schedule.dates?.length)
    add('/schedule/dates', 'a "dates" schedule needs at least one date');
  if (schedule.kind === 'daily' && !schedule.firstDay)
    add('/schedule/firstDay', 'a "daily" schedule needs firstDay');
  // Same-day registration and "only dates from tomorrow onward" cannot both hold (decision 014).
  if (schedule.sameDayRegistrationClosesAt && !(schedule.kind === 'daily' && schedule.firstDay === 'today'))
    add(
      '/schedule/sameDayRegistrationClosesAt',
      'a same-day cut-off needs a "daily" schedule with firstDay "today" (same-day registration offered)',
    );
  if (schedule.repeatsYearly && schedule.kind !== 'dates')
    add('/schedule/repeatsYearly', 'only a "dates" schedule has a season to repeat');
  (schedule.dates ?? []).forEach((date, i, dates) => {
    if (schedule.repeatsYearly && date.endsWith('-02-29'))
      add(`/schedule/dates/${i}`, 'a season that repeats yearly cannot use 29 February');
    if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
      add(`/schedule/dates/${i}`, `"${date}" is not a real date`);
    const previous = dates[i - 1];
    if (previous !== undefined && date <= previous)
      add(`/schedule/dates/${i}`, `dates must be in order: ${date} comes after ${previous}`);
    if (schedule.calendarMonths && !schedule.calendarMonths.includes(date.slice(0, 7))) {
      add(
        `/schedule/dates/${i}`,
        `${date} is outside calendarMonths (${schedule.calendarMonths.join(', ')})`,
      );
    }
  });
  schedule.slots.forEach((slot, i) => {
    if (slot.end <= slot.start)
      add(`/schedule/slots/${i}/end`, `slot ends (${slot.end}) before it starts (${slot.start})`);
  });
  if (registration.dob.max <= registration.dob.min)
    add('/registration/dob/max', `must be after min (${registration.dob.min})`);
  if (windows.resultDelay.max < windows.resultDelay.min)
    add('/windows/resultDelay/max', 'must not be less than min');
  if (payment.methods.length > 0 && !payment.methods.some((m) => m.value === payment.default)) {
    add('/payment/default', `"${payment.default}" is not one of the payment methods`);
  }
  const stepIds = registration.steps.map((s) => s.id);
  stepIds.forEach((id, i) => {
    if (stepIds.indexOf(id) !== i) add(`/registration/steps/${i}/id`, `step "${id}" appears twice`);
  });
  return problems;
}

function blockIds(block: Block): string[] {
  const ids: string[] = [];
  if ('id' in block && typeof block.id === 'string') ids.push(block.id);
  if (block.type === 'registration-card' && !block.id) ids.push('register_now');
  if (block.type === 'faq' && !block.id) ids.push('faq');
  if (block.type === 'faq' || block.type === 'accordion') ids.push(...block.items.map((item) => item.id));
  return ids;
}

export function crossCheck(bundle: ConfigBundle, options: CrossCheckOptions): Problem[] {
  const problems: Problem[] = [];
  const { site, hosts, programmes, landings, strings, coupons } = bundle;
  // Money a landing states in words follows its programme's config (src/engine/money-texts.ts).
  for (const { file, landing } of landings) {
    const programme = programmes[landing.programme];
    if (programme) problems.push(...moneyTextProblems(landing, programme).map((p) => ({ file, ...p })));
  }
  for (const [id, programme] of Object.entries(programmes)) {
    const file = options.programmeFiles[id] ?? `programmes/${id}.json`;
    problems.push(...moneyTextProblems(programme, programme).map((p) => ({ file, ...p })));
  }
  for (const coupon of Object.values(coupons)) {
    const file = `coupons/${coupon.code.toLowerCase()}.json`;
    coupon.programmes.forEach((id, i) => {
      if (!programmes[id])
        problems.push({ file, pointer: `/programmes/${i}`, message: `no programme "${id}"` });
    });
    if (coupon.validUntil < coupon.validFrom)
      problems.push({ file, pointer: '/validUntil', message: 'the last day comes before the first' });
  }

  for (const [id, programme] of Object.entries(programmes)) {
    const file = options.programmeFiles[id] ?? `programmes/${id}.json`;
    problems.push(...checkProgramme(file, programme));
    problems.push(...scheduleTextProblems(programme, programme).map((p) => ({ file, ...p })));
  }
  const pack = site.commerce.samplePackProgramme;
  if (!programmes[pack]) {
    problems.push({
      file: 'site.json',
      pointer: '/commerce/samplePackProgramme',
      message: `programme "${pack}" has no file config/programmes/${pack}.json`,
    });
  }

  // Experiments: weights that add up, known variants of one programme.
  problems.push(...experimentProblems(bundle).map((p) => ({ file: 'site.json', ...p })));

  // Paths: unique across screens and landings, clear of the server's own paths and of the app's
  // (the same rule as the Studio's path check: src/engine/routes.ts pagePathProblem).
  const owner = new Map<string, PathOwner>();
  const claim = (p: string, file: string, pointer: string, appPaths = false): void => {
    const problem = pagePathProblem(p, owner);
    if (problem) problems.push({ file, pointer, message: problem });
    if (!owner.has(p)) owner.set(p, { owner: `config/${file}`, ...(appPaths ? { appPaths: true } : {}) });
  };
  for (const [name, screen] of Object.entries(site.screens)) {
    screen.paths.forEach((p, i) =>
      claim(p, 'site.json', `/screens/${name}/paths/${i}`, Boolean(screen.appPaths)),
    );
  }
  // A path two landings share is reported on each of them, not only on the one that sorts later: a
  // copy that reuses a published page's path is told so at its own field (the Studio shows it there).
  const landingOwners = new Map<string, string[]>();
  for (const { file, landing } of landings)
    for (const p of landing.paths) landingOwners.set(p, [...(landingOwners.get(p) ?? []), file]);
  for (const { file, landing } of landings) {
    const taken = new Map(owner);
    for (const [p, files] of landingOwners) {
      const other = files.find((f) => f !== file);
      if (other !== undefined && !taken.has(p)) taken.set(p, { owner: `config/${other}` });
    }
    landing.paths.forEach((p, i) => {
      const problem =
        landing.paths.indexOf(p) < i ? `path "${p}" is given twice on this page` : pagePathProblem(p, taken);
      if (problem) problems.push({ file, pointer: `/paths/${i}`, message: problem });
    });
  }
  for (const { file, landing } of landings)
    for (const p of landing.paths) if (!owner.has(p)) owner.set(p, { owner: `config/${file}` });

  for (const { file, landing } of landings) {
    const programme = programmes[landing.programme];
    if (!programme) {
      problems.push({
        file,
        pointer: '/programme',
        message: `programme "${landing.programme}" has no file config/programmes/${landing.programme}.json`,
      });
    }
    // Like paths, a key two landings share is reported on both.
    const variantProblem = variantKeyProblem(landing.variantKey, landing.programme, {
      landings: landings.filter((l) => l.file !== file),
      programmes,
    });
    if (variantProblem) problems.push({ file, pointer: '/variantKey', message: variantProblem });
    // A translated page names the page it translates: the Studio pairs their texts.
    if (landing.translationOf) {
      const original = landings.find((l) => l.file === landing.translationOf);
      const why = !original
        ? `there is no file config/${landing.translationOf}`
        : original.landing.locale === landing.locale
          ? `config/${original.file} is in the same locale (${landing.locale})`
          : original.landing.programme !== landing.programme
            ? `config/${original.file} is a page of programme ${original.landing.programme}, not ${landing.programme}`
            : original.landing.translationOf
              ? `config/${original.file} is itself a translation (of ${original.landing.translationOf})`
              : undefined;
      if (why)
        problems.push({ file, pointer: '/translationOf', message: `cannot translate that page: ${why}` });
    }
    if (!strings[landing.locale]) {
      problems.push({
        file,
        pointer: '/locale',
        message: `locale "${landing.locale}" has no file config/i18n/${landing.locale}.json`,
      });
    }

    // The times and test lengths the page names are its programme's.
    if (programme) problems.push(...scheduleTextProblems(landing, programme).map((p) => ({ file, ...p })));

    // A page's own eligibility narrows the programme's, never widens it.
    if (landing.eligibility && programme) {
      const allowed = new Set<string>(programme.eligibility.classes);
      landing.eligibility.classes.forEach((klass, i) => {
        if (!allowed.has(klass))
          problems.push({
            file,
            pointer: `/eligibility/classes/${i}`,
            message: `class "${klass}" is not among programme "${programme.id}"'s eligible classes`,
          });
      });
    }

    // In-page references: unique anchor ids, links to existing ids, criteria the programme has.
    const ids = new Map<string, number>();
    landing.blocks.forEach((block, i) => {
      for (const id of blockIds(block)) {
        if (ids.has(id))
          problems.push({ file, pointer: `/blocks/${i}`, message: `id "${id}" is used twice on this page` });
        else ids.set(id, i);
      }
    });
    landing.blocks.forEach((block, i) => {
      if (block.type === 'how-to-register-link' && !ids.has(block.target)) {
        problems.push({
          file,
          pointer: `/blocks/${i}/target`,
          message: `no block on this page has id "${block.target}"`,
        });
      }
      if (block.type === 'criteria' && programme && !programme.criteria?.[block.source]) {
        problems.push({
          file,
          pointer: `/blocks/${i}/source`,
          message: `programme "${programme.id}" has no criteria.${block.source}`,
        });
      }
      if (block.type === 'registration-card') {
        if (block.courseType && programme && !programme.registration.courseTypeSwitch) {
          problems.push({
            file,
            pointer: `/blocks/${i}/courseType`,
            message: `programme "${programme.id}" has no registration.courseTypeSwitch to preset an online centre`,
          });
        }
        (block.checkedListsOn ?? []).forEach((p, j) => {
          if (!landing.paths.includes(p)) {
            problems.push({
              file,
              pointer: `/blocks/${i}/checkedListsOn/${j}`,
              message: `"${p}" is not one of this landing's paths`,
            });
          }
        });
      }
      const links =
        block.type === 'feature-cards'
          ? [block.applyLink, block.registerLink]
          : block.type === 'hero' && block.cta
            ? [block.cta]
            : [];
      for (const link of links) {
        if (link.href.startsWith('#') && !ids.has(link.href.slice(1))) {
          problems.push({
            file,
            pointer: `/blocks/${i}`,
            message: `link "${link.label}" points to #${link.href.slice(1)}, which is not on this page`,
          });
        }
      }
    });
    if (landing.blocks.filter((b) => b.type === 'hero').length > 1) {
      problems.push({
        file,
        pointer: '/blocks',
        message: 'a page has at most one hero block (it holds the page heading)',
      });
    }
  }

  if (!strings[site.defaultLocale]) {
    problems.push({
      file: 'site.json',
      pointer: '/defaultLocale',
      message: `locale "${site.defaultLocale}" has no file config/i18n/${site.defaultLocale}.json`,
    });
  }

  // Hosts: profiles point at real programmes and variants; a host belongs to one profile.
  const profileIds = new Set<string>();
  const hostOwner = new Map<string, string>();
  hosts.profiles.forEach((profile, i) => {
    if (profileIds.has(profile.id))
      problems.push({
        file: 'hosts.json',
        pointer: `/profiles/${i}/id`,
        message: `profile id "${profile.id}" is used twice`,
      });
    profileIds.add(profile.id);
    if (!programmes[profile.programme]) {
      problems.push({
        file: 'hosts.json',
        pointer: `/profiles/${i}/programme`,
        message: `programme "${profile.programme}" has no file config/programmes/${profile.programme}.json`,
      });
    }
    profile.hosts.forEach((host, j) => {
      const previous = hostOwner.get(host);
      if (previous)
        problems.push({
          file: 'hosts.json',
          pointer: `/profiles/${i}/hosts/${j}`,
          message: `host "${host}" already belongs to profile "${previous}"`,
        });
      else hostOwner.set(host, profile.id);
    });
    if (!owner.has(profile.registerPath)) {
      problems.push({
        file: 'hosts.json',
        pointer: `/profiles/${i}/registerPath`,
        message: `no page has the path "${profile.registerPath}"`,
      });
    }
    const override = profile.variantOverride;
    if (override) {
      const keys = new Set(
        landings.filter((l) => l.landing.programme === profile.programme).map((l) => l.landing.variantKey),
      );
      if (!keys.has(override.variantKey)) {
        problems.push({
          file: 'hosts.json',
          pointer: `/profiles/${i}/variantOverride/variantKey`,
          message: `programme "${profile.programme}" has no landing with variantKey "${override.variantKey}"`,
        });
      }
      override.forVariants.forEach((key, j) => {
        if (!keys.has(key))
          problems.push({
            file: 'hosts.json',
            pointer: `/profiles/${i}/variantOverride/forVariants/${j}`,
            message: `programme "${profile.programme}" has no landing with variantKey "${key}"`,
          });
      });
    }
  });
  if (!profileIds.has(hosts.defaultProfile)) {
    problems.push({
      file: 'hosts.json',
      pointer: '/defaultProfile',
      message: `"${hosts.defaultProfile}" is not one of the profiles`,
    });
  }

  // Referenced images exist.
  const sources: { file: string; value: unknown }[] = [
    { file: 'site.json', value: site },
    ...Object.entries(programmes).map(([id, value]) => ({
      file: options.programmeFiles[id] ?? `programmes/${id}.json`,
      value,
    })),
    ...landings.map(({ file, landing }) => ({ file, value: landing })),
  ];
  const exists = new Map<string, boolean>();
  for (const { file, value } of sources) {
    for (const ref of imageRefs(value)) {
      let found = exists.get(ref.src);
      if (found === undefined) {
        found = options.images?.has(ref.src) === true || existsSync(path.join(options.publicDir, ref.src));
        exists.set(ref.src, found);
      }
      if (!found)
        problems.push({
          file,
          pointer: ref.pointer,
          message: `image ${ref.src} does not exist (expected public${ref.src})`,
        });
    }
  }
  return problems;
}
