import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { paraglideVitePlugin } from "@inlang/paraglide-js";
import { defineConfig } from "vite";
import { paraglideOptions } from "./app/i18n/paraglide-options";
import { splitMessages } from "./app/i18n/split-messages";
import { shellChunk } from "./scripts/shell-chunk";

export default defineConfig({
  plugins: [
    paraglideVitePlugin(paraglideOptions),
    splitMessages(),
    shellChunk(),
    cloudflare({ viteEnvironment: { name: "ssr" } }),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
});
