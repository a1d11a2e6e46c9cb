/**
 * What the operator's refund screen calls: the money core's use cases (./refunds.server), named
 * here so the pages depend on these signatures only.
 */
export { markRefundedOutside, retryRefund } from "./refunds.server";
