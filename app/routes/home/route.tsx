import { data, useLocation } from "react-router";
import { m } from "~/paraglide/messages";
import { Link } from "~/components/layout/localized";
import { ContactBox, NewsletterBox } from "./home-boxes";
import { DeityCarousels, PackageCarousel } from "./home-carousels";
import { InfoPanels } from "./home-panels";
import { HomeSearch } from "~/components/search/search-box";
import { deitiesInLanguage, HOME_DEITY_LIMIT, HOME_PACKAGE_LIMIT, listActivePackages, listDeities } from "~/domain/content/content.server";
import { contactRequestSchema, ENQUIRY_MESSAGES, newsletterSchema } from "~/domain/enquiries/inputs";
import { saveContactRequest, subscribeToNewsletter } from "~/domain/enquiries/enquiries.server";
import { dbFrom } from "~/lib/db.server";
import { cacheControlHeaders, sharedPageHeaders } from "~/lib/edge-cache/page-headers.server";
import { handleEnquiry } from "~/web/enquiry-action.server";
import { appEnv } from "~/lib/context.server";
import { packagesOrigin as packagesOriginFor } from "~/lib/packages-origin.server";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/route";
import { readForm } from "~/lib/form-data.server";
import { replyFor } from "~/web/form-reply";

export async function loader({ context, request }: Route.LoaderArgs) {
  const db = dbFrom(context);
  const [deityRows, packages] = await db.batch([listDeities(db, HOME_DEITY_LIMIT), listActivePackages(db, HOME_PACKAGE_LIMIT)]);
  const deities = await deitiesInLanguage(db, deityRows);
  const packagesOrigin = packagesOriginFor(appEnv(context).config, request.url);
  return data({ deities, packages, packagesOrigin }, { headers: sharedPageHeaders(request) });
}

export const headers = cacheControlHeaders;

/** The newsletter and contact boxes. */
export async function action({ context, request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "newsletter") {
    return handleEnquiry({
      context,
      formData,
      form: "newsletter",
      schema: newsletterSchema,
      save: (db, value) => subscribeToNewsletter(db, value.email),
      success: ENQUIRY_MESSAGES.subscribed,
      redirectTo: "/",
    });
  }
  if (intent === "contact") {
    return handleEnquiry({
      context,
      formData,
      form: "contact",
      schema: contactRequestSchema,
      save: (db, value) => saveContactRequest(db, { emailOrPhone: value.emailOrPhone, subject: "Contact request from the home page" }),
      success: ENQUIRY_MESSAGES.contactRequested,
      redirectTo: "/",
    });
  }
  throw data(m.home_unknown_form(), { status: 400 });
}

export const meta: Route.MetaFunction = () => pageMeta();

export default function Home({ loaderData, actionData }: Route.ComponentProps) {
  const { deities, packages, packagesOrigin } = loaderData;
  const location = useLocation();
  return (
    <>
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero__inner">
          <h1 id="hero-title">{m.home_hero_title()}</h1>
          <p>{m.home_hero_lead()}</p>
          <HomeSearch />
        </div>
      </section>

      <section className="page" aria-labelledby="deities-title">
        <h2 id="deities-title">{m.home_deities_title()}</h2>
        <DeityCarousels deities={deities} />
      </section>

      <section className="page" aria-labelledby="packages-title">
        <h2 id="packages-title">{m.home_packages_title()}</h2>
        <p className="section-lead">{m.home_packages_lead()}</p>
        <PackageCarousel packages={packages} origin={packagesOrigin} />
      </section>

      <section className="page" aria-labelledby="cta-title">
        <div className="cta-card">
          <img src="/images/temples/temple-09.svg" alt="" width="400" height="300" loading="lazy" decoding="async" />
          <div>
            <h2 id="cta-title">{m.home_cta_title()}</h2>
            <p>{m.home_cta_text()}</p>
            <Link className="button button--primary" to="/temple-signup">
              {m.home_cta_register()}
            </Link>
          </div>
        </div>
      </section>

      <section className="page" aria-label={m.home_services_knowledge_label()}>
        <InfoPanels />
      </section>

      <section className="page boxes" aria-label={m.home_stay_in_touch_label()}>
        <NewsletterBox key={`newsletter-${location.key}`} lastResult={replyFor(actionData, "newsletter")} />
        <ContactBox key={`contact-${location.key}`} lastResult={replyFor(actionData, "contact")} />
      </section>
    </>
  );
}
