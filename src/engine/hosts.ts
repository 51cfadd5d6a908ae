// Host → profile (exam type and landing variant). Pure.
import type { Hosts } from '../generated/config/hosts';
import type { ConfigBundle, LandingFile } from './config-bundle';

export type HostProfile = Hosts['profiles'][number];

const hostName = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/** The host name of a Host header without its port, lower-cased; undefined when malformed. */
export function normaliseHost(header: string | undefined): string | undefined {
  if (!header || header.length > 255) return undefined;
  const host = header
    .trim()
    .toLowerCase()
    .replace(/:\d{1,5}$/, '')
    .replace(/\.$/, '');
  return hostName.test(host) ? host : undefined;
}

function matches(pattern: string, host: string): boolean {
  return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : pattern === host;
}

/**
 * The Host header's host and port when its host is one hosts.json names (a link built from it
 * stays on this site); undefined for any other host, which a link must never name.
 */
export function configuredHost(hosts: Hosts, header: string | undefined): string | undefined {
  const host = normaliseHost(header);
  if (!host || !hosts.profiles.some((p) => p.hosts.some((pattern) => matches(pattern, host))))
    return undefined;
  const port = /:(\d{1,5})$/.exec(header?.trim() ?? '')?.[1];
  return port ? `${host}:${port}` : host;
}

/** The profile serving this Host header; the default profile for an unknown or malformed host. */
export function resolveProfile(hosts: Hosts, header: string | undefined): HostProfile {
  const host = normaliseHost(header);
  const found = host
    ? hosts.profiles.find((p) => p.hosts.some((pattern) => matches(pattern, host)))
    : undefined;
  return found ?? defaultProfile(hosts);
}

export function defaultProfile(hosts: Hosts): HostProfile {
  const found = hosts.profiles.find((p) => p.id === hosts.defaultProfile);
  if (!found) throw new Error(`hosts.json: defaultProfile "${hosts.defaultProfile}" is not a profile`);
  return found;
}

/** The landing whose content a path shows on this profile's hosts (the digital host shows adst). */
export function landingForProfile(
  bundle: ConfigBundle,
  landing: LandingFile,
  profile: HostProfile,
): LandingFile {
  const key = overriddenVariant(profile, landing.landing);
  if (key === undefined) return landing;
  return (
    bundle.landings.find((l) => l.landing.programme === profile.programme && l.landing.variantKey === key) ??
    landing
  );
}

/** The variant key whose content this landing's paths show on the profile's hosts instead of its own, if any. */
export function overriddenVariant(
  profile: HostProfile,
  landing: Pick<LandingFile['landing'], 'programme' | 'variantKey'>,
): string | undefined {
  const override = profile.variantOverride;
  if (!override || landing.programme !== profile.programme) return undefined;
  if (!override.forVariants.includes(landing.variantKey)) return undefined;
  return override.variantKey === landing.variantKey ? undefined : override.variantKey;
}
