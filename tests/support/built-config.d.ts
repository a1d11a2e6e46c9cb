declare module "@sannidhi/built-config" {
  const config: import("../../scripts/deploy-checks").BuiltConfig & { name: string };
  export default config;
}
