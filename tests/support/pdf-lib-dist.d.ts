/** pdf-lib's bundled ES build (the one workerd can load in tests) has the package's types. */
declare module "pdf-lib/dist/pdf-lib.esm.js" {
  export * from "pdf-lib";
}
