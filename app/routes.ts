import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  // Every page in every language: English at the spec's own paths (`/temples`), the others
  // under their prefix (`/ml/temples`). The layout refuses a prefix that is not a language.
  route(":lang?", "routes/locale.tsx", [
    index("routes/home/route.tsx"),
    route("home", "routes/home-redirect.tsx"),
    route("list/:key1?/:key2?/:key3?", "routes/temples/route.tsx", { id: "list" }),
    route("temples/:key1?/:key2?/:key3?", "routes/temples/route.tsx", { id: "temples" }),
    route("services", "routes/services.tsx"),
    route("events", "routes/events/route.tsx", { id: "events" }),
    route("news", "routes/events/route.tsx", { id: "news" }),
    route("login", "routes/login.tsx"),
    route("logout", "routes/logout.tsx"),
    route("verify-email", "routes/verify-email.tsx"),
    route("account", "routes/account/route.tsx"),
    route("temple-signup", "routes/temple-signup.tsx"),
    route("jobs", "routes/jobs.tsx"),
    route("priests", "routes/priests/route.tsx"),
    route("policies/:slug", "routes/policies.tsx"),
    route("api/suggest", "routes/api.suggest.ts"),
    // Bookings: temple sites, cart, checkout, receipts, videos, favourites, packages site.
    route("t/:slug", "routes/temple-site/route.tsx"),
    // A release's waiting room at the temple, and its status for the page's live updates.
    route("t/:slug/wait", "routes/temple-wait/route.tsx"),
    route("t/:slug/wait/status", "routes/temple-wait/status.ts"),
    route("cart", "routes/cart/route.tsx"),
    route("checkout", "routes/checkout.tsx"),
    route("checkout/sandbox/:orderId", "routes/checkout-sandbox.tsx"),
    route("checkout/pay/:orderId", "routes/checkout-pay.tsx"),
    route("checkout/done/:orderId", "routes/checkout-done.tsx"),
    route("account/transactions", "routes/my-transactions.ts"),
    route("account/transactions/:trackingNo/receipt.pdf", "routes/receipt-pdf.ts"),
    route("favourites", "routes/favourites.ts"),
    route("packages", "routes/packages.tsx"),
    route("page_details", "routes/package-details/route.tsx"),
    // Temple desk (temple staff, scoped to their temples) and the operator console. Their
    // layouts' middleware guards every route nested under them: add new screens there.
    route("desk", "routes/desk.tsx"),
    route("desk/:templeId", "routes/desk-layout/route.tsx", { id: "routes/desk-layout" }, [
      index("routes/desk-requests/route.tsx"),
      route("bookings", "routes/desk-bookings.tsx"),
      route("dispatch", "routes/desk-dispatch.tsx"),
      route("temple", "routes/desk-temple.tsx"),
      route("pujas", "routes/desk-pujas/route.tsx"),
      route("pujas/:templePujaId/seats", "routes/desk-puja-seats/route.tsx"),
      route("releases", "routes/desk-releases/route.tsx"),
      route("donations", "routes/desk-donations/route.tsx"),
      route("messages", "routes/desk-messages.tsx"),
      route("languages", "routes/desk-languages.tsx"),
      route("names", "routes/desk-search-names.tsx"),
      route("day-sheet/:day", "routes/desk-day-sheet.ts"),
      route("lines/:lineId/video", "routes/desk-video.ts"),
    ]),
    route("operator", "routes/operator-layout/route.tsx", { id: "routes/operator-layout" }, [
      index("routes/operator-dashboard.tsx"),
      route("temples", "routes/operator-temples/route.tsx"),
      route("enquiries/:kind", "routes/operator-enquiries.tsx"),
      route("catalog", "routes/operator-catalog/route.tsx"),
      route("announcements", "routes/operator-announcements.tsx"),
      route("languages", "routes/operator-languages.tsx"),
      route("search-names", "routes/operator-search-names/route.tsx"),
      route("export/:kind", "routes/operator-export.ts"),
    ]),
    route("*", "routes/not-found.tsx"),
  ]),
  // Files, developer tools and the language switch have one address in every language.
  route("language", "routes/language.ts"),
  route("dev/outbox", "routes/dev-outbox.tsx"),
  route("dev/outbox.json", "routes/dev-outbox-json.ts"),
  route("videos/:trackingNo/:lineId", "routes/videos.ts"),
  route("media/temple-images/:templeId/:file", "routes/temple-image.ts"),
] satisfies RouteConfig;
