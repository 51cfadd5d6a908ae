import { sql, type Kysely, type Migration } from 'kysely';

// A booked exam centre is stored as its parts (centre code and centre id), not as the option
// value name-code-id that code had to split. Existing values are converted here, once, and the
// string columns are dropped so nothing can read them again. The option value stays what the API
// answers (GET /api/exam/centres value, profile exam_center), built from the centre row.
const TABLES = ['students', 'exam_bookings'] as const;

/** name-code-id → its code and id (names never contain a dash: server/db/tables/master.ts). */
function partsOf(value: unknown): { code: string; id: string } | undefined {
  if (typeof value !== 'string') return undefined;
  const match = /-([A-Za-z]{2}\d{3})-([^-]+)$/.exec(value);
  return match?.[1] && match[2] ? { code: match[1].toUpperCase(), id: match[2] } : undefined;
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
        if (!parts) continue;
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
      const parts = partsOf(change.booking.exam_centre);
      delete change.booking.exam_centre;
      change.booking.exam_centre_code = parts?.code ?? null;
      change.booking.exam_centre_id = parts?.id ?? null;
      await sql`update exam_edit_requests set change = ${JSON.stringify(change)} where id = ${row.id}`.execute(
        db,
      );
    }
  },
};
