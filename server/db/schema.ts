import type { CommerceTables } from './tables/commerce';
import type { ContentTables } from './tables/content';
import type { CoreTables } from './tables/core';
import type { ExamsTables } from './tables/exams';
import type { ExperimentTables } from './tables/experiments';
import type { FunnelTables } from './tables/funnel';
import type { MasterTables } from './tables/master';
import type { PaymentsTables } from './tables/payments';
import type { StaffTables } from './tables/staff';

/** Every table, by domain; each domain owns its file in tables/ and its migration. */
export type Database = CoreTables &
  MasterTables &
  CommerceTables &
  ExamsTables &
  PaymentsTables &
  FunnelTables &
  ContentTables &
  StaffTables &
  ExperimentTables;
