// The staff roles in words (decision 048): what each may do, as People and the header say it.
import type { Staff } from './account-api';

export type Role = Staff['role'];

export const ROLES: readonly Role[] = ['editor', 'publisher', 'admin'];

export const ROLE_WORDS: Record<Role, string> = {
  editor: 'Editor',
  publisher: 'Publisher',
  admin: 'Admin',
};

export const ROLE_HELP: Record<Role, string> = {
  editor: 'Writes drafts of pages and coupons and submits them for review.',
  publisher: 'Also approves and publishes changes, and reads the activity.',
  admin: 'Also adds people, changes their roles and disables accounts.',
};
