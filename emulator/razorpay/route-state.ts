/** Route's entities in the emulator's state (route.ts serves them), with Razorpay's shapes. */
import { DEMO_LINKED_ACCOUNTS } from "../../drizzle/seed/payout-accounts.ts";

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

/**
 * The demo temples' linked accounts, activated with their route product and settlement account, as
 * a Razorpay account prepared for the demo holds them (drizzle/seed/payout-accounts.ts; the seed
 * writes the same ids into D1). Added to any state that lacks them, so transfers to them work from
 * the emulator's start, after a reset, and with a state file written before they existed.
 */
export function withDemoAccounts(route: RouteState): RouteState {
  for (const demo of DEMO_LINKED_ACCOUNTS) {
    route.accounts[demo.accountId] ??= {
      id: demo.accountId,
      type: "route",
      status: "activated",
      email: demo.email,
      phone: demo.phone.replace(/^\+91/, ""),
      reference_id: `demo-${demo.key}`,
      business_type: "trust",
      legal_business_name: demo.legalName,
      customer_facing_business_name: null,
      contact_name: demo.contactName,
      profile: { category: "others", subcategory: "religious_organisations" },
      legal_info: null,
      notes: {},
      created_at: DEMO_CREATED_AT,
      activated_at: DEMO_CREATED_AT,
      live: false,
      hold_funds: false,
    };
    const settlements = { account_number: demo.accountNumber, ifsc_code: demo.ifsc, beneficiary_name: demo.beneficiaryName };
    route.products[demo.productId] ??= {
      id: demo.productId,
      account_id: demo.accountId,
      product_name: "route",
      activation_status: "activated",
      requested_configuration: { settlements },
      active_configuration: { settlements, payment_capture: null, notifications: null },
      requirements: [],
      tnc: { accepted: true, accepted_at: DEMO_CREATED_AT },
      requested_at: DEMO_CREATED_AT,
    };
  }
  return route;
}

/** 2026-01-01: the demo accounts' creation and activation time. */
const DEMO_CREATED_AT = 1_767_225_600;

export const emptyRouteState = (): RouteState =>
  withDemoAccounts({
    accounts: {},
    stakeholders: {},
    products: {},
    transfers: {},
    reversals: {},
    settlements: {},
    orderTransfers: {},
    transferPayment: {},
  });
