// Migrations are code and run in name order. Never edit one that has shipped: add a new one.
import type { Migration, MigrationProvider } from 'kysely';
import { Migrator } from 'kysely';
import type { Db } from '../database';
import { m001Core } from './001-core';
import { m002Master } from './002-master';
import { m003Commerce } from './003-commerce';
import { m004Exams } from './004-exams';
import { m005Payments } from './005-payments';
import { m006SignupOnce } from './006-signup-once';
import { m007CentreParts } from './007-centre-parts';
import { m008LoginSessions } from './008-login-sessions';
import { m009HindiNames } from './009-hindi-names';
import { m010Funnel } from './010-funnel';
import { m011StudentVersions } from './011-student-versions';
import { m012TrustedDevices } from './012-trusted-devices';
import { m013ServerSecrets } from './013-server-secrets';
import { m014OrderRefunds } from './014-order-refunds';
import { m015RegistrationDrafts } from './015-registration-drafts';
import { m016ConfigVersions } from './016-config-versions';
import { m017Staff } from './017-staff';
import { m018ConfigImages } from './018-config-images';
import { m019PreviewLinks } from './019-preview-links';
import { m020ConfigPins } from './020-config-pins';
import { m021VersionRecords } from './021-version-records';
import { m022StaffOidc } from './022-staff-oidc';
import { m023TranslationBasis } from './023-translation-basis';
import { m024FunnelCampaigns } from './024-funnel-campaigns';
import { m025DraftImages } from './025-draft-images';
import { m026Experiments } from './026-experiments';
import { m027ExperimentConversions } from './027-experiment-conversions';

const migrations: Record<string, Migration> = {
  '001-core': m001Core,
  '002-master': m002Master,
  '003-commerce': m003Commerce,
  '004-exams': m004Exams,
  '005-payments': m005Payments,
  '006-signup-once': m006SignupOnce,
  '007-centre-parts': m007CentreParts,
  '008-login-sessions': m008LoginSessions,
  '009-hindi-names': m009HindiNames,
  '010-funnel': m010Funnel,
  '011-student-versions': m011StudentVersions,
  '012-trusted-devices': m012TrustedDevices,
  '013-server-secrets': m013ServerSecrets,
  '014-order-refunds': m014OrderRefunds,
  '015-registration-drafts': m015RegistrationDrafts,
  '016-config-versions': m016ConfigVersions,
  '017-staff': m017Staff,
  '018-config-images': m018ConfigImages,
  '019-preview-links': m019PreviewLinks,
  '020-config-pins': m020ConfigPins,
  '021-version-records': m021VersionRecords,
  '022-staff-oidc': m022StaffOidc,
  '023-translation-basis': m023TranslationBasis,
  '024-funnel-campaigns': m024FunnelCampaigns,
  '025-draft-images': m025DraftImages,
  '026-experiments': m026Experiments,
  '027-experiment-conversions': m027ExperimentConversions,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the database to the latest migration; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** Brings the database to the named migration (a test of one migration's data conversion). */
export async function migrateTo(db: Db, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}
