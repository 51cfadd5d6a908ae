import { sql, type Kysely, type Migration } from 'kysely';

// A booked exam centre is stored as its parts (centre code and centre id), not as the option
// value name-code-id that code had to split. Existing values are converted here, once, and the
// string columns are dropped so nothing can read them again. The option value stays what the API
// answers (GET /api/exam/centres value, profile exam_center), built from the centre row.
const TABLES = ['students', 'exam_bookings'] as const;

/**
 * name-code-id → its code and id: the last two dash-separated parts (a name may hold dashes). A
 * value that is not of that shape stops the migration rather than being dropped with its column.
 */
function partsOf(value: unknown): { code: string; id: string } {
  const parts = typeof value === 'string' ? value.split('-') : [];
  const [code, id] = parts.slice(-2);
  if (parts.length < 3 || !code || !id)
    throw new Error(`migration 007: cannot read the centre "${String(value)}" as name-code-id`);
  return { code: code.toUpperCase(), id };
}

export const m007CentreParts: Migration = {
  async up(db: Kysely<unknown>) {
    // Kysely<unknown> knows no tables: the few statements on them are written as SQL.
    for (const table of TABLES) {
      await db.schema.alterTable(table).addColumn('exam_centre_code', 'text').execute();
      await db.schema.alterTable(table).addColumn('exam_centre_id', 'text').execute();
      const key = table === 'students' ? 'id' : 'student_id';
      const rows = await sql<{ key: string; exam_centre: string | null }>`
        select ${sql.ref(key)} as key, exam_centre from ${sql.table(table)} where exam_centre is not null
      `.execute(db);
      for (const row of rows.rows) {
        const parts = partsOf(row.exam_centre);
        await sql`
          update ${sql.table(table)} set exam_centre_code = ${parts.code}, exam_centre_id = ${parts.id}
          where ${sql.ref(key)} = ${row.key}
        `.execute(db);
      }
      await db.schema.alterTable(table).dropColumn('exam_centre').execute();
    }
    // Edits waiting for their payment carry the booking fields as JSON.
    const pending = await sql<{ id: string; change: string }>`
      select id, change from exam_edit_requests where status = 'pending'
    `.execute(db);
    for (const row of pending.rows) {
      const change = JSON.parse(row.change) as { booking?: Record<string, unknown> };
      if (!change.booking || !('exam_centre' in change.booking)) continue;
      const centre = change.booking.exam_centre;
      const parts = centre ? partsOf(centre) : undefined;
      delete change.booking.exam_centre;
      change.booking.exam_centre_code = parts?.code ?? null;
      change.booking.exam_centre_id = parts?.id ?? null;
      await sql`update exam_edit_requests set change = ${JSON.stringify(change)} where id = ${row.id}`.execute(
        db,
      );
    }
  },
};
