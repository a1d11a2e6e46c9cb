import { lazy, Suspense, useState } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/components/layout/localized";
import { POLICY_LINKS, type Policy, type PolicySlug } from "~/domain/content/policy-links";
import { LanguageSwitch } from "./language-switch";
import { localePath } from "~/lib/i18n";
import { m } from "~/paraglide/messages";
import { SocialLinks } from "./social-links";

// The modal and the policy's layout come with the first policy opened: the footer is on every page.
const Modal = lazy(() => import("./modal").then((module) => ({ default: module.Modal })));
const PolicyText = lazy(() => import("./policy-text").then((module) => ({ default: module.PolicyText })));

interface SiteFooterProps {
  supportEmail?: string;
  supportPhone?: string;
}

/** A policy's name in the page's language (the footer's links and the modal's title). */
function policyTitle(slug: PolicySlug): string {
  switch (slug) {
    case "terms-and-conditions":
      return m.common_policy_terms();
    case "disclaimer":
      return m.common_policy_disclaimer();
    case "privacy-policy":
      return m.common_policy_privacy();
    case "cancellation-and-refund-policy":
      return m.common_policy_refunds();
    case "cookie-policy":
      return m.common_policy_cookies();
  }
}

/** Footer on every page: explore links, the five policies (each opens a modal), contact, social. */
export function SiteFooter({ supportEmail, supportPhone }: SiteFooterProps) {
  const [openSlug, setOpenSlug] = useState<PolicySlug | null>(null);
  const policy = useFetcher<{ policy: Policy }>();
  const open = POLICY_LINKS.find((link) => link.slug === openSlug);
  const loaded = policy.data?.policy.slug === openSlug ? policy.data?.policy : undefined;

  function openPolicy(event: React.MouseEvent<HTMLAnchorElement>, slug: PolicySlug) {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    setOpenSlug(slug);
    if (policy.data?.policy.slug !== slug) policy.load(localePath(`/policies/${slug}`));
  }

  return (
    <>
      <footer className="site-footer">
        <div className="site-footer__inner">
          <section aria-labelledby="footer-explore">
            <h2 id="footer-explore">{m.common_footer_explore()}</h2>
            <ul>
              <li>
                <Link to={localePath("/temples")}>{m.common_nav_temples()}</Link>
              </li>
              <li>
                <Link to={localePath("/priests")}>{m.common_nav_priests()}</Link>
              </li>
              <li>
                <Link to={localePath("/events")}>{m.common_nav_events()}</Link>
              </li>
              <li>
                <Link to={localePath("/news")}>{m.common_nav_news()}</Link>
              </li>
              <li>
                <Link to={localePath("/services")}>{m.common_footer_services_for_temples()}</Link>
              </li>
              <li>
                <Link to={localePath("/jobs")}>{m.common_footer_jobs()}</Link>
              </li>
            </ul>
          </section>
          <section aria-labelledby="footer-policies">
            <h2 id="footer-policies">{m.common_footer_policies()}</h2>
            <ul>
              {POLICY_LINKS.map((link) => (
                <li key={link.slug}>
                  <a href={localePath(`/policies/${link.slug}`)} aria-haspopup="dialog" onClick={(e) => openPolicy(e, link.slug)}>
                    {policyTitle(link.slug)}
                  </a>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="footer-contact">
            <h2 id="footer-contact">{m.common_footer_contact()}</h2>
            <address>
              Sannidhi Temple Services
              <br />
              {m.common_footer_city()}
              {supportPhone ? (
                <>
                  <br />
                  {m.common_footer_phone()}: <a href={`tel:${supportPhone.replace(/\s+/g, "")}`}>{supportPhone}</a>
                </>
              ) : null}
              {supportEmail ? (
                <>
                  <br />
                  {m.common_footer_email()}: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
                </>
              ) : null}
            </address>
            <SocialLinks phone={supportPhone} />
            <LanguageSwitch placement="footer" />
          </section>
        </div>
        <p className="site-footer__copy">© {new Date().getFullYear()} Sannidhi</p>
      </footer>
      {policy.state !== "idle" || policy.data || open ? (
        <Suspense fallback={null}>
          <Modal
            open={Boolean(open)}
            onClose={() => setOpenSlug(null)}
            title={open ? policyTitle(open.slug) : ""}
            className="modal--policy"
          >
            {loaded ? <PolicyText policy={loaded} /> : <p role="status">{m.common_loading()}</p>}
          </Modal>
        </Suspense>
      ) : null}
    </>
  );
}
