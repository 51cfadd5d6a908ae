// npm run studio:user -- create --email a@b.c --name "A B" --role admin
// npm run studio:user -- reset-password --email a@b.c [--reset-second-factor]
// Staff accounts of examflow Studio from the command line (decision 048), on the server's database
// (DATA_DIR's SQLite file or DATABASE_URL): prints a random password once, and writes the audit log
// (actor "command line"). The person signs in with it, enrols a second factor the first time,
// and changes the password in the Studio.
import { parseArgs } from 'node:util';
import { configFromEnv } from '../server/config';
import { createDb, sqliteFileIn } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrations/index';
import { STAFF_ROLES, type StaffRole } from '../server/db/tables/staff';
import { createStaff, resetPassword } from '../server/services/staff/accounts';
import { COMMAND_LINE } from '../server/services/staff/audit';

const USAGE = `Usage:
  npm run studio:user -- create --email ADDRESS --name "NAME" --role editor|publisher|admin
  npm run studio:user -- reset-password --email ADDRESS [--reset-second-factor]`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    'reset-second-factor': { type: 'boolean', default: false },
  },
});
const [command] = positionals;
const fail = (why: string): never => {
  console.error(`${why}\n${USAGE}`);
  process.exit(2);
};
if (command !== 'create' && command !== 'reset-password') fail('Say create or reset-password.');
const email = values.email ?? fail('--email is required.');

const config = configFromEnv();
const db = createDb({ databaseUrl: config.databaseUrl, sqliteFile: sqliteFileIn(config.dataDir) });
const ctx = { db, now: () => new Date() };
const by = { actor: COMMAND_LINE, ip: null };
try {
  await migrateToLatest(db);
  if (command === 'create') {
    const role = values.role as StaffRole | undefined;
    if (!role || !STAFF_ROLES.includes(role)) fail('--role is editor, publisher or admin.');
    const { staff, password } = await createStaff(
      ctx,
      { email, name: values.name ?? fail('--name is required.'), role: role as StaffRole },
      by,
    );
    console.log(`Created ${staff.role} ${staff.email}. Password (shown once): ${password}`);
    console.log(
      'They sign in at /studio, add the second factor to an authenticator app, then change the password.',
    );
  } else {
    const secondFactor = values['reset-second-factor'] ?? false;
    const { staff, password } = await resetPassword(ctx, email, { secondFactor }, by);
    console.log(`New password for ${staff.email} (shown once): ${password}`);
    console.log(
      secondFactor
        ? 'Second factor reset: they enrol a new one at their next sign-in (old recovery codes are void).'
        : 'Their second factor is unchanged. Every session of theirs has ended.',
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await db.destroy();
}
