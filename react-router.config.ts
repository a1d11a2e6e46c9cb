import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets two checkouts' worth of builds coexist (e.g. parallel test runs).
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
