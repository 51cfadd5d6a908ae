// Orders: an exam fee, a course or the sample-paper pack, and what the payment gateway said.
export interface OrdersTable {
  id: string;
  student_id: string;
  kind: 'exam' | 'course' | 'mock';
  product_id: string | null;
  /** Rupees, computed by the server (never taken from the client). */
  amount: number;
  payment_method: string;
  status: 'created' | 'paid' | 'failed' | 'aborted';
  /** Portal path the gateway returns the browser to. */
  return_path: string;
  /** JSON objects of extra query parameters for a successful / failed return. */
  success_query: string;
  failure_query: string;
  /** JSON: billing details and anything the paid handler needs. */
  details: string;
  created_at: string;
  confirmed_at: string | null;
  gateway_txn: string | null;
  /** 'due' while the student is owed the money back (migration 014), 'refunded' once the gateway paid it. */
  refund_status: 'due' | 'refunded' | null;
  refund_reason: string | null;
  refund_txn: string | null;
  refunded_at: string | null;
  /** The programme config version the amount was computed from (migration 021); null: none known. */
  config_version: number | null;
}

export interface PaymentsTables {
  orders: OrdersTable;
}
