/** Route's entities in the emulator's state (route.ts serves them), with Razorpay's shapes. */

/** A transfer asked for (on an order or a payment), as Razorpay's API takes it. */
export interface TransferRequest {
  account: string;
  amount: number;
  currency: "INR";
  notes: Record<string, string>;
  linked_account_notes: string[];
  on_hold: boolean | 0 | 1 | "0" | "1";
  on_hold_until?: number | null;
}

export type AccountStatus = "created" | "under_review" | "needs_clarification" | "activated" | "suspended";

export interface LinkedAccount {
  id: string;
  type: "route";
  status: AccountStatus;
  email: string;
  phone: string;
  reference_id: string | null;
  business_type: string;
  legal_business_name: string;
  customer_facing_business_name: string | null;
  contact_name: string;
  profile: Record<string, unknown> | null;
  legal_info: Record<string, unknown> | null;
  notes: Record<string, string>;
  created_at: number;
  activated_at: number | null;
  live: boolean;
  hold_funds: boolean;
}

export interface Stakeholder {
  entity: "stakeholder";
  id: string;
  account_id: string;
  name: string;
  email: string;
  phone: Record<string, string> | null;
  relationship: Record<string, boolean> | null;
  kyc: { pan: string | null };
  notes: Record<string, string>;
  created_at: number;
}

export interface Settlements {
  account_number: string;
  ifsc_code: string;
  beneficiary_name: string;
}

export interface ProductConfiguration {
  id: string;
  account_id: string;
  product_name: "route";
  activation_status: AccountStatus | "requested";
  requested_configuration: Record<string, unknown>;
  active_configuration: { settlements: Settlements | null; payment_capture: null; notifications: null };
  requirements: { field_reference: string; resolution_url: string; status: string; reason_code: string }[];
  tnc: { accepted: boolean; accepted_at: number | null };
  requested_at: number;
}

export type TransferStatus = "created" | "pending" | "processed" | "failed" | "reversed" | "partially_reversed";

export interface Transfer {
  id: string;
  entity: "transfer";
  status: TransferStatus;
  /** The payment (or, before its capture, the order) the money comes from. */
  source: string;
  recipient: string;
  amount: number;
  currency: string;
  amount_reversed: number;
  fees: number;
  tax: number;
  notes: Record<string, string>;
  linked_account_notes: string[];
  on_hold: boolean;
  on_hold_until: number | null;
  settlement_status: "pending" | "on_hold" | "settled" | null;
  recipient_settlement_id: string | null;
  created_at: number;
  processed_at: number | null;
  error: {
    code: string | null;
    description: string | null;
    reason: string | null;
    field: string | null;
    step: string | null;
    source: string | null;
  };
}

export interface Reversal {
  id: string;
  entity: "reversal";
  transfer_id: string;
  amount: number;
  fee: number;
  tax: number;
  currency: string;
  notes: Record<string, string>;
  initiator_id: string;
  customer_refund_id: string | null;
  utr: string | null;
  created_at: number;
}

export interface Settlement {
  id: string;
  entity: "settlement";
  /** The linked account it was paid to (Razorpay sends a linked account's settlement to that account). */
  account_id: string;
  amount: number;
  status: "processed";
  fees: number;
  tax: number;
  utr: string;
  created_at: number;
}

export interface RouteState {
  accounts: Record<string, LinkedAccount>;
  stakeholders: Record<string, Stakeholder>;
  products: Record<string, ProductConfiguration>;
  transfers: Record<string, Transfer>;
  reversals: Record<string, Reversal>;
  settlements: Record<string, Settlement>;
  /** Transfers asked for on an order, made when its payment is captured: order id → their requests. */
  orderTransfers: Record<string, TransferRequest[]>;
  /** The payment each transfer was made from (its source). */
  transferPayment: Record<string, string>;
}

export const emptyRouteState = (): RouteState => ({
  accounts: {},
  stakeholders: {},
  products: {},
  transfers: {},
  reversals: {},
  settlements: {},
  orderTransfers: {},
  transferPayment: {},
});
