import type { Coupon } from '../generated/config/coupon';
import type { Hosts } from '../generated/config/hosts';
import type { UiStringTable } from '../generated/config/i18n';
import type { Landing } from '../generated/config/landing';
import type { Programme } from '../generated/config/programme';
import type { Site } from '../generated/config/site';

export type Locale = Landing['locale'];

/** Every config file, loaded and validated. */
export interface ConfigBundle {
  site: Site;
  hosts: Hosts;
  /** By programme id. */
  programmes: Record<string, Programme>;
  landings: LandingFile[];
  /** Coupons by code (coupons/<code>.json). */
  coupons: Record<string, Coupon>;
  /** UI strings by locale; only the locales that have a file. */
  strings: Partial<Record<Locale, UiStringTable>>;
  /**
   * The version number of each document (path → number) when the bundle is the database's
   * published config (decision 049); absent for config read from files.
   */
  versions?: Readonly<Record<string, number>>;
}

export interface LandingFile {
  /** Path relative to the config folder, e.g. landings/mock-neet.json. */
  file: string;
  landing: Landing;
}
