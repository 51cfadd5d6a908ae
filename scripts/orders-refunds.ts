// npm run orders:refunds — the support desk's list of payments owed back to students (decision
// 038): orders the gateway confirmed paid after another order had bought the same thing. The
// server's database (DATA_DIR's SQLite file, or DATABASE_URL). --all lists the refunded ones too.
import { existsSync } from 'node:fs';
import { configFromEnv } from '../server/config';
import { createDb, sqliteFileIn } from '../server/db/database';
import { refunds } from '../server/payments/refunds';

const all = process.argv.includes('--all');
const config = configFromEnv();
const file = sqliteFileIn(config.dataDir);
if (!config.databaseUrl && !existsSync(file)) {
  console.error(`No database at ${file}: the portal has not run with this DATA_DIR (or set DATABASE_URL).`);
  process.exit(1);
}
const db = createDb({
  databaseUrl: config.databaseUrl,
  sqliteFile: file,
  readOnly: true,
});
try {
  const rows = await refunds(db, { all });
  if (rows.length === 0) console.log(all ? 'No refunds, due or made.' : 'No refund is due.');
  else
    console.table(
      rows.map((r) => ({
        order: r.order_id,
        'roll number': r.roll_number,
        mobile: r.mobile,
        kind: r.kind,
        '₹': r.amount,
        'paid (gateway txn)': r.gateway_txn,
        'paid at': r.confirmed_at,
        refund: r.refund_status,
        why: r.refund_reason,
        'refund txn': r.refund_txn ?? '',
      })),
    );
} finally {
  await db.destroy();
}
