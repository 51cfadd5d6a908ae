// The signed-in staff member as the content services' actor, and a version number from a query.
import { ApiError } from '../../api/errors';
import type { StaffOnRequest } from '../../auth/staff-sessions';
import type { Actor } from '../../services/content/versions';

export const contentActor = (staff: StaffOnRequest): Actor => ({
  id: staff.id,
  name: staff.name,
  role: staff.role,
});

/** A version number of a query (`3`), or a 400 that says so. */
export function versionNumber(value: string): number {
  if (!/^[1-9]\d{0,8}$/.test(value))
    throw new ApiError(400, 'A version is a number such as 3.', {
      error: 'bad-request',
      message: 'A version is a number such as 3.',
    });
  return Number(value);
}
