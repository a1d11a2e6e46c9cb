/**
 * The hosted checkout (POST /v1/checkout/embedded, the form Sannidhi's payment page posts):
 * plain server-rendered HTML that works without JavaScript, marked as a local emulator.
 * Its buttons pay, fail, pay and close the tab, pay late, or cancel; the result is posted
 * to the merchant's callback_url like Razorpay does (a few lines of inline script submit
 * it at once; without JavaScript a Continue button does).
 */
import { Hono } from "hono";
import { readBody } from "./api.ts";
import { type CallbackFields, EmulatorError, type PayOutcome, type RazorpayEmulator } from "./emulator.ts";

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);

const rupees = (paise: number) => `₹${(paise / 100).toLocaleString("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function page(title: string, body: string, status = 200) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Razorpay emulator</title><style>
body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem;color:#1b2533;background:#f4f6fb}
.badge{display:inline-block;background:#b3261e;color:#fff;font-weight:700;padding:.25rem .6rem;border-radius:.3rem;font-size:.85rem}
.card{background:#fff;border-radius:.6rem;padding:1.25rem;box-shadow:0 1px 3px #0002}
.amount{font-size:1.6rem;font-weight:700}form{margin:.5rem 0}
button{font:inherit;padding:.6rem 1rem;border-radius:.4rem;
  border:1px solid #3f5bd8;background:#fff;color:#1f3bb3;width:100%;cursor:pointer}
button.primary{background:#3f5bd8;color:#fff}.hint{color:#555;font-size:.9rem}</style></head>
<body><p class="badge">Local Razorpay emulator — no real money moves</p><main class="card"><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" } });
}

function hiddenForm(action: string, fields: Record<string, string>, label: string, primary = false, id = "") {
  const inputs = Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join("");
  return (
    `<form method="post" action="${escapeHtml(action)}"${id ? ` id="${id}"` : ""}>${inputs}<button ` +
    `type="submit"${primary ? ' class="primary"' : ""}>${escapeHtml(label)}</button></form>`
  );
}

/** The page that posts the result to the merchant: submitted by script at once, or by hand. */
function callbackPage(title: string, message: string, callbackUrl: string, fields: CallbackFields) {
  return page(
    title,
    `<p>${escapeHtml(message)}</p>${hiddenForm(callbackUrl, fields, "Continue", true, "callback")}
<script>document.getElementById("callback").submit();</script>`,
  );
}

const OUTCOMES: Record<string, PayOutcome> = { pay: "success", fail: "fail", close: "close", late: "late" };

export function checkoutRoutes(emulator: RazorpayEmulator) {
  const checkout = new Hono();

  checkout.onError((error) => {
    const message = error instanceof EmulatorError ? error.message : "The emulator could not open this checkout.";
    if (!(error instanceof EmulatorError)) console.error("razorpay emulator:", error);
    return page("Checkout not available", `<p>${escapeHtml(message)}</p>`, 400);
  });

  checkout.post("/v1/checkout/embedded", async (c) => {
    const body = await readBody(c);
    const field = (name: string) => (typeof body[name] === "string" ? (body[name] as string) : "");
    const prefill = (body.prefill ?? {}) as Record<string, string>;
    if (field("key_id") !== emulator.options.keyId) throw new EmulatorError(400, "BAD_REQUEST_ERROR", "The key id is not this account's.");
    const order = emulator.order(field("order_id"));
    const callbackUrl = field("callback_url");
    if (!/^https?:\/\//.test(callbackUrl)) throw new EmulatorError(400, "BAD_REQUEST_ERROR", "A callback_url is required.");
    if (order.status === "paid") throw new EmulatorError(400, "BAD_REQUEST_ERROR", "This order has already been paid.");
    const cancelUrl = /^https?:\/\//.test(field("cancel_url")) ? field("cancel_url") : null;
    const timeout = /^\d+$/.test(field("timeout")) ? Number(field("timeout")) : null;
    emulator.openCheckout({ orderId: order.id, callbackUrl, cancelUrl, timeout, email: prefill.email ?? "", name: prefill.name ?? "" });
    const action = (what: string) => `/checkout/${encodeURIComponent(order.id)}/${what}`;
    const merchant = field("name") || "the merchant";
    return page(
      `Pay ${merchant}`,
      `<p>${escapeHtml(field("description"))}</p>
<p>Amount to pay</p><p class="amount">${rupees(order.amount)}</p>
<p class="hint">Order ${escapeHtml(order.id)}. Choose what the payment does:</p>
${hiddenForm(action("pay"), {}, `Pay ${rupees(order.amount)}`, true)}
${hiddenForm(action("fail"), {}, "Fail the payment")}
${hiddenForm(action("close"), {}, "Pay and close the tab (only the webhook tells the merchant)")}
${hiddenForm(action("late"), {}, "Pay late (authorised after the checkout times out)")}
${hiddenForm(action("cancel"), {}, "Cancel")}`,
    );
  });

  checkout.post("/checkout/:orderId/:action", async (c) => {
    const orderId = c.req.param("orderId");
    const session = emulator.state.checkouts[orderId];
    if (!session) throw new EmulatorError(400, "BAD_REQUEST_ERROR", "This checkout was never opened.");
    const action = c.req.param("action");
    if (action === "cancel") {
      if (!session.cancelUrl) return page("Payment cancelled", "<p>You may close this tab.</p>");
      return c.redirect(session.cancelUrl, 303);
    }
    const outcome = OUTCOMES[action];
    if (!outcome) throw new EmulatorError(400, "BAD_REQUEST_ERROR", "Unknown checkout action.");
    const { callback, payment } = emulator.pay(orderId, outcome);
    if (outcome === "success" && callback)
      return callbackPage("Payment successful", "Returning you to the merchant…", session.callbackUrl, callback);
    if (outcome === "fail" && callback)
      return callbackPage("Payment failed", "Returning you to the merchant…", session.callbackUrl, callback);
    if (payment.status === "created")
      return page(
        "Payment processing",
        "<p>Your bank has not confirmed the payment yet. You may close this tab; the merchant will be told.</p>",
      );
    return page("Payment successful", "<p>Payment received. You may close this tab.</p>");
  });

  return checkout;
}
