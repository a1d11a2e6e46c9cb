import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("home", "routes/home-redirect.tsx"),
  route("list/:key1?/:key2?/:key3?", "routes/temples.tsx", { id: "list" }),
  route("temples/:key1?/:key2?/:key3?", "routes/temples.tsx", { id: "temples" }),
  route("services", "routes/services.tsx"),
  route("events", "routes/events.tsx", { id: "events" }),
  route("news", "routes/events.tsx", { id: "news" }),
  route("login", "routes/login.tsx"),
  route("temple-signup", "routes/temple-signup.tsx"),
  route("jobs", "routes/jobs.tsx"),
  route("priests", "routes/priests.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
