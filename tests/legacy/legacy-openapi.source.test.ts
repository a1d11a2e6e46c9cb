import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ORIGIN } from "../support/browser";
import { openApiDocument } from "../support/legacy-client";
import { schemaErrors } from "../support/legacy-schema-check";

/** Spec section 7, as written. */
const SPEC_PATHS = [
  "/GenerateSessionID",
  "/token",
  "/login",
  "/api/user/login",
  "/api/user/loginNew",
  "/api/user/logout",
  "/client/user/signup",
  "/api/Customer/ExpressSignup",
  "/api/Customer/UsernameAvailability",
  "/api/Customer/validatecode",
  "/client/user/forgotPassword",
  "/api/Customer/CheckPasswordRecoveryEmail",
  "/api/Customer/ResetPasswordNew",
  "/api/MyProfile/PopulateMyProfile",
  "/api/MyProfile/Update",
  "/api/MyProfile/ChangePassword",
  "/api/Common/LoadStars",
  "/api/Transaction/TransactionSummary",
  "/api/Transaction/TransactionTempleDetails",
  "/api/Transaction/TransactionDetails",
  "/api/Transaction/RemoveTransaction",
  "/api/Customer/FavouriteTemples",
  "/api/Customer/RemoveFavouriteTemple",
  "/api/Temple/AddToFavourites",
  "/api/Temple/ListTemples",
  "/client/getAllTemplesList",
  "/api/puja/getPujaId",
  "/api/common/listAllDeities",
  "/api/loadActivePujaPackages",
  "/api/request/addtolist",
  "/api/common/sendMailToSupport",
  "/api/common/storeNewsLetterContact",
  "/api/common/storeJobsContact",
  "/api/LoadAllEvents",
  "/api/LoadAllAnnouncement",
  "/api/Temple/savetempleregistration",
];

/** Paths whose answer the spec leaves "not shown": the description must say what was chosen. */
const NOT_SHOWN = [
  "/api/Customer/ExpressSignup",
  "/api/Customer/CheckPasswordRecoveryEmail",
  "/api/Customer/RemoveFavouriteTemple",
  "/api/Temple/AddToFavourites",
  "/api/Temple/savetempleregistration",
];

describe("/api/openapi.json", () => {
  it("documents every path of spec section 7 (and the refresh path) as POST with payload, answer and errors", async () => {
    const response = await exports.default.fetch(`${ORIGIN}/api/openapi.json`);
    expect(response.status).toBe(200);
    const document = await openApiDocument();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual([...SPEC_PATHS, "/token/refresh"].sort());
    for (const [path, item] of Object.entries<any>(document.paths)) {
      const { post } = item;
      expect(post.description.length, path).toBeGreaterThan(40);
      expect(post.requestBody.content["application/json"].schema.type, path).toBe("object");
      expect(post.responses["200"].content["application/json"].schema, path).toBeDefined();
      expect(post.responses["400"].$ref, path).toBe("#/components/responses/Error400");
      expect(post.responses["413"].$ref, path).toBe("#/components/responses/Error413");
    }
    for (const path of NOT_SHOWN) expect(document.paths[path].post.description).toMatch(/spec does not show the answer/);
    expect(document.paths["/api/MyProfile/Update"].post.responses["401"]).toBeDefined();
    expect(document.paths["/api/MyProfile/Update"].post.security).toEqual([{ bearerAuth: [] }, { portalCookie: [], xsrfHeader: [] }]);
    expect(document.paths["/api/LoadAllEvents"].post.description).toMatch(
      /LanguageID \(1 English, 2 Hindi, 3 Tamil, 4 Malayalam, 5 Telugu, 6 Kannada\)/,
    );
    expect(document.info.description).toMatch(/unknown or malformed id answers English, never an error/);
    expect(document.components.schemas.LegacyError.required.sort()).toEqual(["Status", "error", "field", "message"]);
  });

  it("is what the contract checks hold answers to (the checker does refuse a wrong shape)", async () => {
    const document = await openApiDocument();
    const schema = document.paths["/login"].post.responses["200"].content["application/json"].schema;
    expect(schemaErrors(schema, [{ Status: 1, FirstName: "Lakshmi" }], document)).toEqual([]);
    expect(schemaErrors(schema, [{ status: 1, FirstName: "Lakshmi" }], document).length).toBeGreaterThan(0);
    expect(schemaErrors(schema, [{ Status: "1", FirstName: "Lakshmi" }], document).length).toBeGreaterThan(0);
    expect(schemaErrors(schema, { Status: 1, FirstName: "Lakshmi" }, document).length).toBeGreaterThan(0);
  });
});

describe("/api/docs", () => {
  it("is a readable, self-contained page listing every path", async () => {
    const response = await exports.default.fetch(`${ORIGIN}/api/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/html");
    const csp = response.headers.get("content-security-policy")!;
    expect(csp).toContain("default-src 'none'");
    const html = await response.text();
    for (const path of SPEC_PATHS) expect(html).toContain(`<code>${path}</code>`);
    expect(html).not.toMatch(/<script|https?:\/\/(?!json-schema\.org)[^"<\s]*\.(js|css)/);
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    expect(html).toContain(`<style nonce="${nonce}">`);
  });
});
