/**
 * A message's kind, channel and status in words, in the page's language: the devotee's
 * Notifications tab and the console's Messages page say them alike. Read at render.
 */
import type { NotificationKind } from "~/domain/notifications/kinds";
import { m } from "~/paraglide/messages";

/** Every kind the notifications area sends (the compiler holds this to the catalogue). */
const KINDS: Record<NotificationKind, () => string> = {
  receipt: () => m.account_notify_kind_receipt(),
  "request-accepted": () => m.account_notify_kind_request_accepted(),
  "request-declined": () => m.account_notify_kind_request_declined(),
  "request-redated": () => m.account_notify_kind_request_redated(),
  "date-moved": () => m.account_notify_kind_date_moved(),
  "date-move-declined": () => m.account_notify_kind_date_move_declined(),
  "puja-performed": () => m.account_notify_kind_puja_performed(),
  "video-ready": () => m.account_notify_kind_video_ready(),
  "prasad-dispatched": () => m.account_notify_kind_prasad_dispatched(),
  "refund-started": () => m.account_notify_kind_refund_started(),
  "refund-completed": () => m.account_notify_kind_refund_completed(),
  "payment-link": () => m.account_notify_kind_payment_link(),
  "verification-code": () => m.account_notify_kind_code(),
  "sign-in-code": () => m.account_notify_kind_code(),
  "password-reset": () => m.account_notify_kind_code(),
  "password-changed": () => m.account_notify_kind_password_changed(),
  "release-reminder": () => m.account_notify_kind_release_reminder(),
  "puja-eve-reminder": () => m.account_notify_kind_puja_eve_reminder(),
  "temple-new-booking": () => m.account_notify_kind_temple_new_booking(),
  "temple-new-request": () => m.account_notify_kind_temple_new_request(),
  "temple-morning-digest": () => m.account_notify_kind_temple_morning_digest(),
  "payout-account-changed": () => m.payouts_account_notify_kind(),
};

/** What a message of `kind` told ("Booking confirmed"); a kind this page does not know yet is "Message". */
export function kindWords(kind: string): string {
  return (KINDS[kind as NotificationKind] ?? (() => m.account_notify_kind_other()))();
}

export function channelWords(channel: string): string {
  if (channel === "whatsapp") return m.account_notify_channel_whatsapp();
  if (channel === "sms") return m.account_notify_channel_sms();
  return m.account_notify_channel_email();
}

export function statusWords(status: string): string {
  switch (status) {
    case "sent":
      return m.account_notify_status_sent();
    case "delivered":
      return m.account_notify_status_delivered();
    case "read":
      return m.account_notify_status_read();
    case "failed":
      return m.account_notify_status_failed();
    default:
      return m.account_notify_status_queued();
  }
}
