/**
 * Razorpay's QR Codes and Payment Links APIs, as the counter's UPI QR and the assisted temples'
 * links use them: a single-use upi_qr code for a fixed amount that closes by itself, and a link
 * with a customer, an expiry and our reference. Razorpay does not notify the devotee (notify
 * false): the portal sends the link itself, in the devotee's language.
 */
import { z } from "zod";
import type { GatewayLink, GatewayLinkRequest, GatewayPaymentRecord, GatewayQrCode, GatewayQrRequest } from "./provider";

type Call = (method: "GET" | "POST", path: string, body?: unknown) => Promise<Response>;
type Answer = <T extends z.ZodType>(response: Response, schema: T, what: string) => Promise<z.infer<T>>;

const qrEntity = z.object({
  id: z.string().min(1),
  image_url: z.string().min(1),
  status: z.enum(["active", "closed"]),
  close_reason: z.string().nullable().optional(),
});
const linkEntity = z.object({
  id: z.string().min(1),
  short_url: z.string().min(1),
  status: z.enum(["created", "partially_paid", "paid", "expired", "cancelled"]),
  order_id: z.string().nullable().optional(),
  payments: z
    .array(
      z.object({
        payment_id: z.string().min(1),
        amount: z.number(),
        status: z.enum(["created", "authorized", "captured", "refunded", "failed"]),
        created_at: z.number().optional(),
      }),
    )
    .nullable()
    .optional(),
});

const toQr = (entity: z.infer<typeof qrEntity>): GatewayQrCode => ({
  id: entity.id,
  imageUrl: entity.image_url,
  status: entity.status,
  closeReason: entity.close_reason ?? null,
});

const toLink = (entity: z.infer<typeof linkEntity>): GatewayLink => ({
  id: entity.id,
  shortUrl: entity.short_url,
  status: entity.status,
  payments: (entity.payments ?? []).map(
    (payment): GatewayPaymentRecord => ({
      id: payment.payment_id,
      orderId: entity.order_id ?? null,
      amount: payment.amount,
      status: payment.status,
      amountRefunded: 0,
      createdAt: payment.created_at ?? null,
      fee: null,
      tax: null,
    }),
  ),
});

export function razorpaySaleCalls(
  call: Call,
  answer: Answer,
  payments: z.ZodType<{ items: GatewayPaymentRecord[] }>,
  id: (value: string) => string,
) {
  return {
    async createQrCode(request: GatewayQrRequest) {
      const body = {
        type: "upi_qr",
        name: request.name.slice(0, 40),
        usage: "single_use",
        fixed_amount: true,
        payment_amount: request.amount,
        description: request.description.slice(0, 250),
        close_by: request.closeBy,
        notes: request.notes,
      };
      return toQr(await answer(await call("POST", "/payments/qr_codes", body), qrEntity, "QR code"));
    },
    async fetchQrCode(qrCodeId: string) {
      return toQr(await answer(await call("GET", `/payments/qr_codes/${id(qrCodeId)}`), qrEntity, "QR code"));
    },
    async fetchQrCodePayments(qrCodeId: string) {
      return (await answer(await call("GET", `/payments/qr_codes/${id(qrCodeId)}/payments`), payments, "payments")).items;
    },
    async closeQrCode(qrCodeId: string) {
      await answer(await call("POST", `/payments/qr_codes/${id(qrCodeId)}/close`), qrEntity, "QR code");
    },
    async createPaymentLink(request: GatewayLinkRequest) {
      const body = {
        amount: request.amount,
        currency: "INR",
        accept_partial: false,
        description: request.description.slice(0, 2048),
        customer: request.customer,
        notify: { sms: false, email: false },
        reminder_enable: false,
        expire_by: request.expireBy,
        reference_id: request.referenceId,
        ...(request.callbackUrl ? { callback_url: request.callbackUrl, callback_method: "get" } : {}),
      };
      const link = toLink(await answer(await call("POST", "/payment_links", body), linkEntity, "payment link"));
      return link;
    },
    async fetchPaymentLink(linkId: string) {
      return toLink(await answer(await call("GET", `/payment_links/${id(linkId)}`), linkEntity, "payment link"));
    },
  };
}
