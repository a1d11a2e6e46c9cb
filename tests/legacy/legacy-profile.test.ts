import { describe, expect, it } from "vitest";
import { TestBrowser, customerRow, signIn } from "../support/browser";
import { DEMO, LegacyClient, demoClient, legacySignUp } from "../support/legacy-client";

describe("MyProfile", () => {
  it("PopulateMyProfile answers the spec's profile fields for the signed-in customer", async () => {
    const client = await demoClient();
    const { status, body } = await client.call("/api/MyProfile/PopulateMyProfile");
    expect(status).toBe(200);
    expect(body).toMatchObject({
      FirstName: "Lakshmi",
      LastName: "Narayanan",
      LoginID: DEMO.email,
      PhoneMobile: "9847012345",
      HouseNo: "XII/482",
      HouseName: "Sreevalsam",
      StreetName: "East Nada Road",
      PostOffice: "Guruvayur",
      PostalCode: "680101",
      District: "Thrissur",
      State: "Kerala",
      Country: "India",
      StarID: 4,
      DOB: "1986-08-14",
    });
    expect(body.StarName).toBeTruthy();
  });

  it("Update saves through the portal's schema, and PopulateMyProfile reads it back", async () => {
    const client = new LegacyClient();
    const user = await legacySignUp(client);
    const update = {
      FirstName: "Meera",
      LastName: "Iyer",
      PhoneMobile: 9123456789,
      PhoneWired: "+91 484 2345678",
      HouseNo: "7/21",
      HouseName: "Lakshmi Nivas",
      StreetName: "Temple Road",
      PostOffice: "Kochi",
      PostalCode: "682011",
      District: "Ernakulam",
      State: "Kerala",
      Country: "India",
      StarID: "12",
      DOB: "1991-02-03T00:00:00",
      LoginID: "someone.else@example.org",
    };
    const saved = await client.call("/api/MyProfile/Update", update);
    expect(saved.body).toEqual({ Status: "success", RESULT: "Your profile has been updated." });
    const { body } = await client.call("/api/MyProfile/PopulateMyProfile");
    expect(body).toMatchObject({
      ...update,
      LoginID: user.email,
      PhoneMobile: "9123456789",
      PhoneWired: "484 2345678",
      StarID: 12,
      DOB: "1991-02-03",
    });
    expect(await customerRow(user.email)).toMatchObject({ city: "Kochi", post_office: "Kochi", house_no: "7/21" });
  });

  it("Update answers the portal's messages, naming the legacy field", async () => {
    const client = await demoClient();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ FirstName: "", PhoneMobile: "9847012345" }, "FirstName", "Invalid Name"],
      [{ FirstName: "Lakshmi", PhoneMobile: "12345" }, "PhoneMobile", "Invalid Mobile Number"],
      [{ FirstName: "Lakshmi", PhoneMobile: "9847012345", StarID: 99 }, "StarID", "Choose a star from the list"],
      [{ FirstName: "Lakshmi", PhoneMobile: "9847012345", DOB: "yesterday" }, "DOB", "Enter a valid date of birth (YYYY-MM-DD)"],
      [{ FirstName: ["Lakshmi"], PhoneMobile: "9847012345" }, "FirstName", "Must be text"],
    ];
    for (const [payload, field, message] of cases) {
      const answer = await client.call("/api/MyProfile/Update", payload);
      expect(answer.status, field).toBe(400);
      expect(answer.body).toEqual({ Status: "Failed", error: "bad_request", field, message });
    }
    expect((await client.call("/api/MyProfile/PopulateMyProfile")).body.FirstName).toBe("Lakshmi");
  });

  it("ChangePassword checks the current password, keeps the calling session and ends the others", async () => {
    const client = new LegacyClient();
    const user = await legacySignUp(client);
    const other = new LegacyClient();
    await other.signIn(user.email, user.password);
    const wrong = await client.call("/api/MyProfile/ChangePassword", { LoginPassword: "Not@Mine1", LoginNewPassword: "Fresh@2027" });
    expect(wrong.body).toEqual({ Status: "failure", RESULT: "Your current password is not correct" });
    const short = await client.call("/api/MyProfile/ChangePassword", { LoginPassword: user.password, LoginNewPassword: "abc" });
    expect(short.body).toMatchObject({ field: "LoginNewPassword", message: "Password must contain at least six characters!" });
    const before = { sessionId: client.sessionId, accessToken: client.accessToken, refreshToken: client.refreshToken };
    const changed = await client.call("/api/MyProfile/ChangePassword", { LoginPassword: user.password, LoginNewPassword: "Fresh@2027" });
    expect(changed.body).toMatchObject({ Status: "success", RESULT: "Your password has been changed." });
    // A client written from the spec reads RESULT only: its stored session and tokens carry on.
    expect({ sessionId: client.sessionId, accessToken: client.accessToken, refreshToken: client.refreshToken }).toEqual(before);
    const next = await client.call("/api/MyProfile/PopulateMyProfile");
    expect(next.body.Status).not.toBe("clearcookie");
    expect(next.status).toBe(200);
    expect(changed.body).toEqual({ Status: "success", RESULT: "Your password has been changed." });
    expect((await client.call("/login")).body[0].Status).toBe(1);
    expect((await client.call("/GenerateSessionID")).body).toMatchObject({
      Status: "success",
      SignedIn: true,
      sessionId: before.sessionId,
    });
    const refreshed = await client.call("/token", { refreshToken: client.refreshToken });
    expect(refreshed.status).toBe(200);
    // Every other session of the customer has ended.
    expect((await other.call("/login")).body[0].Status).toBe(0);
    expect((await other.call("/api/MyProfile/PopulateMyProfile")).status).toBe(401);
    expect((await new LegacyClient().signIn(user.email, user.password)).body[0].RESULT).toBe(0);
    expect((await new LegacyClient().signIn(user.email, "Fresh@2027")).body[0].RESULT).toBe(1);
  });

  it("ChangePassword by the portal cookie keeps that browser signed in and ends the customer's other sessions", async () => {
    const user = await legacySignUp(new LegacyClient());
    const browser = new TestBrowser();
    expect((await signIn(browser, user.email, user.password)).status).toBe(302);
    const other = new TestBrowser();
    expect((await signIn(other, user.email, user.password)).status).toBe(302);
    const client = new LegacyClient("browser", browser.ip);
    client.cookies.set("sn_session", browser.cookies.get("sn_session")!);
    await client.call("/GenerateSessionID");
    const changed = await client.call("/api/MyProfile/ChangePassword", { LoginPassword: user.password, LoginNewPassword: "Fresh@2027" });
    expect(changed.body).toEqual({ Status: "success", RESULT: "Your password has been changed." });
    expect((await client.call("/api/MyProfile/PopulateMyProfile")).status).toBe(200);
    expect((await client.call("/login")).body[0].Status).toBe(1);
    expect((await other.get("/account")).status).not.toBe(200);
  });

  it("needs a signed-in customer: 401 in the legacy JSON style", async () => {
    for (const path of ["/api/MyProfile/PopulateMyProfile", "/api/MyProfile/Update", "/api/MyProfile/ChangePassword"]) {
      const answer = await new LegacyClient().call(path, { FirstName: "X" });
      expect(answer.status, path).toBe(401);
      expect(answer.body).toEqual({
        Status: "Failed",
        error: "unauthorized",
        field: "Authorization",
        message: "Please sign in to continue.",
      });
    }
  });
});

describe("XSRF double-submit with the portal cookie", () => {
  it("refuses a cookie-authenticated write without the matching header, accepts it with", async () => {
    const browser = new TestBrowser();
    expect((await signIn(browser, DEMO.email, DEMO.password)).status).toBe(302);
    const client = new LegacyClient("browser", browser.ip);
    client.cookies.set("sn_session", browser.cookies.get("sn_session")!);
    const update = {
      FirstName: "Lakshmi",
      LastName: "Narayanan",
      PhoneMobile: "9847012345",
      HouseNo: "XII/482",
      StreetName: "East Nada Road",
      StarID: 4,
      DOB: "1986-08-14",
      HouseName: "Sreevalsam",
      PostOffice: "Guruvayur",
      PostalCode: "680101",
      District: "Thrissur",
      State: "Kerala",
      Country: "India",
      PhoneWired: "0487 2556789",
    };
    const missing = await client.call("/api/MyProfile/Update", update);
    expect(missing.status).toBe(403);
    expect(missing.body).toMatchObject({ Status: "Failed", error: "xsrf", field: "X-XSRF-TOKEN" });
    await client.call("/GenerateSessionID");
    expect((await client.call("/api/MyProfile/Update", update, { "x-xsrf-token": "forged.value" })).status).toBe(403);
    client.cookies.set("XSRF-TOKEN", `${"a".repeat(32)}.${"b".repeat(43)}`);
    expect((await client.call("/api/MyProfile/Update", update)).status).toBe(403);
    await client.call("/GenerateSessionID");
    expect((await client.call("/api/MyProfile/Update", update)).status).toBe(200);
    // Reads need no header; a bearer-token client needs none either.
    expect((await client.call("/api/MyProfile/PopulateMyProfile", {}, { "x-xsrf-token": "" })).status).toBe(200);
  });
});

describe("LoadStars", () => {
  it("lists the 27 stars in the language LanguageID names; an unknown id is English", async () => {
    const client = new LegacyClient();
    const { body } = await client.call("/api/Common/LoadStars", { LanguageID: 1 });
    expect(body).toHaveLength(27);
    expect(body[0]).toEqual({ StarID: 1, StarName: "Ashwini" });
    expect((await client.call("/api/Common/LoadStars", { LanguageID: "1" })).body[0].StarName).toBe("Ashwini");
    const expected = { 2: "अश्विनी", 3: "அஸ்வினி", 4: "അശ്വതി", 5: "అశ్విని", 6: "ಅಶ್ವಿನಿ" };
    for (const [id, first] of Object.entries(expected)) {
      const named = await client.call("/api/Common/LoadStars", { languageID: Number(id) });
      expect(named.body).toHaveLength(27);
      expect(named.body[0]).toEqual({ StarID: 1, StarName: first });
    }
    expect((await client.call("/api/Common/LoadStars", { LanguageID: "4" })).body[21]).toEqual({ StarID: 22, StarName: "തിരുവോണം" });
    for (const unknown of [0, 7, 2.5, "ml", "", null, [4]]) {
      expect((await client.call("/api/Common/LoadStars", { LanguageID: unknown })).body[0]).toEqual({ StarID: 1, StarName: "Ashwini" });
    }
  });
});
