// An in-memory stand-in for the Studio's accounts and audit log (decision 048's answers and
// sentences), for the People and Activity screens' tests: accounts an admin adds (a password
// answered once), whose role changes or that are disabled, never leaving no enabled admin; every
// change written to an audit log that pages newest first and filters by action.
import type { ActivityEntry, ActivityQuery, StaffMember, StudioApi } from './studio-api';
import { StudioApiError } from './studio-api';

export const FAKE_PASSWORD = 'Vq3-7kLm_Zp2Xw9aT4bN';
export const LAST_ADMIN = 'This is the last enabled admin: make another admin first.';
export const EMAIL_TAKEN = 'An account with that e-mail address exists already.';

export const ADMIN: StaffMember = {
  id: 'staff-admin',
  email: 'asha@example.com',
  name: 'Asha Rao',
  role: 'admin',
  disabled: false,
  second_factor: true,
  created_at: '2026-12-01T09:00:00.000Z',
  last_sign_in_at: '2026-12-05T08:35:00.000Z',
};

export const EDITOR: StaffMember = {
  id: 'staff-editor',
  email: 'esha@example.com',
  name: 'Esha Iyer',
  role: 'editor',
  disabled: false,
  second_factor: false,
  created_at: '2026-12-02T09:00:00.000Z',
  last_sign_in_at: null,
};

type StaffCalls = Pick<StudioApi, 'listStaff' | 'addStaff' | 'changeStaff' | 'activity'>;

export interface FakeStaff extends StaffCalls {
  staff: StaffMember[];
  /** The audit log, oldest first (ids rise). */
  log: ActivityEntry[];
  /** Every activity query asked, in order. */
  queries: ActivityQuery[];
}

/** An audit entry as the server writes it (the rest of its fields filled in). */
export function entry(fields: Partial<ActivityEntry> & Pick<ActivityEntry, 'id' | 'action'>): ActivityEntry {
  return {
    at: '2026-12-05T08:35:00.000Z',
    actor_id: ADMIN.id,
    actor_email: ADMIN.email,
    actor_name: ADMIN.name,
    ip: '10.0.0.7',
    details: {},
    versions: [],
    ...fields,
  };
}

export function createFakeStaff(staff: StaffMember[] = [ADMIN, EDITOR]): FakeStaff {
  const fake: FakeStaff = {
    staff: staff.map((s) => ({ ...s })),
    log: [],
    queries: [],
    async listStaff() {
      return fake.staff.map((s) => ({ ...s }));
    },
    async addStaff({ name, email, role }) {
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
        throw new StudioApiError(400, 'failed', 'That is not an e-mail address.');
      if (!name.trim()) throw new StudioApiError(400, 'failed', 'Give the person a name.');
      if (fake.staff.some((s) => s.email.toLowerCase() === email.trim().toLowerCase()))
        throw new StudioApiError(409, 'failed', EMAIL_TAKEN);
      const made: StaffMember = {
        id: `staff-${fake.staff.length + 1}`,
        email: email.trim(),
        name: name.trim(),
        role,
        disabled: false,
        second_factor: false,
        created_at: '2026-12-06T10:00:00.000Z',
        last_sign_in_at: null,
      };
      fake.staff.push(made);
      write('staff.created', { staff_id: made.id, email: made.email, role });
      return { staff: { ...made }, password: FAKE_PASSWORD };
    },
    async changeStaff(id, change) {
      const account = fake.staff.find((s) => s.id === id);
      if (!account) throw new StudioApiError(404, 'failed', 'No such account.');
      const role = change.role ?? account.role;
      const disabled = change.disabled ?? account.disabled;
      const otherAdmins = fake.staff.filter((s) => s.id !== id && s.role === 'admin' && !s.disabled);
      if (
        account.role === 'admin' &&
        !account.disabled &&
        (role !== 'admin' || disabled) &&
        !otherAdmins.length
      )
        throw new StudioApiError(409, 'failed', LAST_ADMIN);
      if (disabled !== account.disabled)
        write(disabled ? 'staff.disabled' : 'staff.enabled', { staff_id: id, email: account.email });
      if (role !== account.role)
        write('staff.changed', {
          staff_id: id,
          email: account.email,
          role: { from: account.role, to: role },
        });
      Object.assign(account, { role, disabled });
      return { ...account };
    },
    async activity(query) {
      fake.queries.push(query);
      const limit = query.limit ?? 50;
      const newestFirst = [...fake.log]
        .reverse()
        .filter((e) => query.before === undefined || e.id < Number(query.before))
        .filter((e) => query.action === undefined || e.action === query.action);
      const entries = newestFirst.slice(0, limit);
      const last = entries.at(-1);
      return { entries, nextBefore: entries.length === limit && last ? String(last.id) : null };
    },
  };
  const write = (action: string, details: Record<string, unknown>) =>
    fake.log.push(entry({ id: (fake.log.at(-1)?.id ?? 0) + 1, action, details }));
  return fake;
}
